/**
 * The endpoint a delivery goes to, for the dispatcher's slot budget: scheme, host and port (the URL's
 * origin), so deliveries to one server share their slots whatever their paths or query strings. Stored in
 * `webhook_deliveries.origin` when the delivery is written (migration 002 backfilled older rows).
 */
export function deliveryOrigin(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    // URLs are validated before they are stored; an odd one still gets a key of its own.
    return url
  }
}
