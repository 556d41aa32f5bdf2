/**
 * What each webhook attempt sent, so a transaction's evidence shows the headers as sent and which secret
 * signed them: JSON `{ headers, secretIds, body? }` (body only when a fault altered it; otherwise the
 * event's payload is what went out). Secret ids only, never a secret. NULL for attempts from before this
 * migration and for attempts a fault dropped (nothing was sent).
 */
export const MIGRATION_017 = `
ALTER TABLE webhook_attempts ADD COLUMN sent TEXT;
`
