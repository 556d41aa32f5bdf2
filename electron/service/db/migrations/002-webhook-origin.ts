import type Database from 'better-sqlite3'

type Db = Database.Database

/**
 * A copy of webhooks/origin.ts#deliveryOrigin as it was when this migration was written: a migration must
 * not change when live code does (imports of live code are refused by test/unit/layering.test.ts).
 */
function deliveryOrigin(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

/**
 * Deliveries carry their endpoint (`origin`: scheme, host and port), so the webhook dispatcher claims the
 * due deliveries of one endpoint with an index seek instead of reading every due delivery of every
 * endpoint. Existing rows are backfilled from their URL with the same
 * rule the outbox uses for new rows (webhooks/origin.ts). The old `webhook_deliveries_due` index served only that full
 * scan; the new one replaces it.
 */
export function migration002(db: Db): void {
  db.exec("ALTER TABLE webhook_deliveries ADD COLUMN origin TEXT NOT NULL DEFAULT ''")
  db.function('paydesk_delivery_origin', { deterministic: true }, (url: unknown) => deliveryOrigin(String(url)))
  db.exec('UPDATE webhook_deliveries SET origin = paydesk_delivery_origin(url)')
  db.exec(`
DROP INDEX webhook_deliveries_due;
CREATE INDEX webhook_deliveries_origin_due ON webhook_deliveries(origin, next_attempt_at) WHERE status = 'pending';
`)
}
