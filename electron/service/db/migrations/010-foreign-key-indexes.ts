/**
 * An index led by every foreign key's child column that had none, so deleting a parent row makes SQLite
 * seek its children instead of scanning the child table. The one that mattered: `transactions.account_id`.
 * Deleting a sandbox deletes its accounts, and each account deleted scanned every organization's
 * transactions: 450-650 ms for an empty sandbox on a 200,000-transaction database, ~1 ms with the index. The three others are on tables of a few rows per
 * organization; they are here so the rule has no exceptions (test/unit/table-catalogue.test.ts checks it).
 * Each charge now writes one more index entry, next to its account's previous one; in process the cost was
 * inside the noise of alternated runs.
 */
export const MIGRATION_010 = `
CREATE INDEX IF NOT EXISTS transactions_account ON transactions(account_id);
CREATE INDEX IF NOT EXISTS api_keys_organization ON api_keys(organization_id);
CREATE INDEX IF NOT EXISTS shortcodes_organization ON shortcodes(organization_id);
CREATE INDEX IF NOT EXISTS accounts_shortcode ON accounts(shortcode);
`
