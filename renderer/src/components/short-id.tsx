/**
 * A long id (`txn_01m7yd0wvjanjf8crv0qf1q65p`) shortened for dense tables to its start and end
 * (`txn_01m7yd0w…q65p`). The full id stays in the title (hover), the accessible name and the detail screen.
 */
export function ShortId({ id }: { id: string }) {
  return <code title={id} aria-label={id}>{id.length > 20 ? `${id.slice(0, 12)}…${id.slice(-4)}` : id}</code>
}
