/**
 * An audit entry's details in words, written with the entry (a reversal: the charge it reverses, the
 * narration typed, who asked). Kept in the row because the log is append-only and outlives what it names:
 * a sandbox reset erases the transactions, never the audit log.
 */
export const MIGRATION_021 = `
ALTER TABLE audit_log ADD COLUMN details TEXT;
`
