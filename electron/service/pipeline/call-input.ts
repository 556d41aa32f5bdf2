/** What a host passes: raw, unvalidated input for one route (the dispatcher validates it with the route's schemas). */
export interface CallInput {
  query?: unknown
  body?: unknown
  params?: unknown
  idempotencyKey?: string
}
