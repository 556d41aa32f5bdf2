/**
 * The default endpoint chooses its events (`webhook_endpoints.events`: a JSON array of event types, NULL for
 * every event), and a delivery can be stopped before it succeeds or runs out of attempts
 * (`webhook_deliveries.stop_reason`): choosing events stops the pending retries of the others. Both columns
 * are added with no default, so existing rows read as before (every event; not stopped) and no table is rebuilt.
 */
export const MIGRATION_015 = `
ALTER TABLE webhook_endpoints ADD COLUMN events TEXT CHECK (events IS NULL OR json_valid(events));
ALTER TABLE webhook_deliveries ADD COLUMN stop_reason TEXT;
`
