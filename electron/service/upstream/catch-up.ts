import type { Engine } from '../core/engine'
import { runUnit } from '../core/unit'
import { post, type MirrorScope } from './mirror'

/** Rows posted per unit: each chunk commits on its own, so a start never holds one long transaction. */
const CHUNK = 2_000
const ALL_TIME = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] as const

/**
 * A mirror kept before mirrored rows posted to the ledger holds rows and not one posting. At connect, each of
 * its rows posts what it owes, oldest first, as history (no news: nothing is notified), a chunk per unit; the
 * next cycle's reconciliation brings the rest forward. A mirror whose accounts hold any posting has posted from
 * its first row on, and is left alone. Returns how many rows were read.
 */
export function postUnpostedMirror(engine: Engine, scope: MirrorScope): number {
  const { store } = engine
  const { organizationId, environment } = scope
  const accounts = (['collections', 'payouts'] as const).map((kind) => store.accounts.resolve(organizationId, environment, kind))
  if (accounts.some((account) => store.statements.postingCount(account.id, ...ALL_TIME) > 0)) return 0
  const rows = store.upstream.inWindow(organizationId, environment, ...ALL_TIME).reverse()
  for (let start = 0; start < rows.length; start += CHUNK) {
    runUnit(engine, engine.now(), (unit) => {
      for (const record of rows.slice(start, start + CHUNK)) {
        const row = unit.store.transactions.get(record.transaction_id)
        if (row) post(unit, scope, row, false)
      }
    })
  }
  return rows.length
}
