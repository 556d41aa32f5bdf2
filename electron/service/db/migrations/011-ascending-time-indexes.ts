/**
 * The indexes read newest first, rebuilt ascending (CPU per charge). SQLite walks an index
 * backwards as cheaply as forwards, so `ORDER BY created_at DESC, id DESC` is served the same way; but a
 * key declared `created_at DESC` puts every new row at the front of its (organization, environment[, value])
 * run, inside the b-tree rather than at its end. Every full page then split in two half-full ones: the
 * list, phone and amount indexes were twice the pages they needed (2,045 of 4,096 bytes unused on average,
 * dbstat), and twice the page splits cost CPU: the row and its timeline entry took 29.4 -> 24.5 us
 * per accepted charge (CPU profile of 30,000 acceptances in process). Ascending, new entries fill the last
 * page of their run, as the time-ordered ids do (docs/contributing.md, "Rules the engine keeps"). The webhook
 * events' list index (one entry per finalization) and the audit log's were the same shape; the events'
 * list now also reads its `rowid DESC` tie-break from the index instead of sorting. The phone index is
 * left to migration 012, which replaces it with an ascending one. 011 and 012 together took 5.2 s once on a
 * file of a million transactions. test/service/ascending-indexes.test.ts checks that no index key is
 * descending, that these indexes' pages fill, and that an old file's list keeps its order.
 */
export const MIGRATION_011 = `
DROP INDEX IF EXISTS transactions_list;
CREATE INDEX transactions_list ON transactions(organization_id, environment, created_at, id);
DROP INDEX IF EXISTS transactions_amount;
CREATE INDEX transactions_amount ON transactions(organization_id, environment, amount, created_at);
DROP INDEX IF EXISTS webhook_events_org;
CREATE INDEX webhook_events_org ON webhook_events(organization_id, environment, created_at);
DROP INDEX IF EXISTS audit_log_org;
CREATE INDEX audit_log_org ON audit_log(organization_id, id);
`
