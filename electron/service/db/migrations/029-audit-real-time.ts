/**
 * An audit entry also records when it really happened: the host's real clock (`recorded_at`, epoch ms),
 * beside `at`, the simulated clock that QA moves ahead by days. The audit log is a team's evidence of who
 * did what and when, so it must hold the real time; `at` stays, as the console's other times and the
 * transactions an entry names are simulated. Older rows stay NULL (not recorded): their real time is not
 * known and is not guessed. ADD COLUMN rewrites no row; the append-only triggers (migration 005) refuse an
 * UPDATE of any column, this one included.
 */
export const MIGRATION_029 = `
ALTER TABLE audit_log ADD COLUMN recorded_at INTEGER;
`
