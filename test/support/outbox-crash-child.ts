// A downstream Paydesk's outbox in its own process, to be SIGKILLed mid-run (test/http/upstream-outbox-crash.test.ts).
// argv: <db file> <provider url> <provider key> <rows to enqueue (0: none)>. Prints "done" once every row settled.
import { createService } from '../../electron/service'
import { engineInternals } from '../../electron/service/test-access'
import { runUnit } from '../../electron/service/core/unit'
import { createProviderClient } from '../../electron/service/upstream/client'
import { enqueueUpstream } from '../../electron/service/upstream/outbox/enqueue'
import { createOutboxSender } from '../../electron/service/upstream/outbox/sender'

const [dbPath, providerUrl, providerKey, rows] = process.argv.slice(2) as [string, string, string, string]
const service = createService({ dbPath })
const { engine, store } = engineInternals(service)
const organizationId = (store.db.prepare('SELECT id FROM organizations ORDER BY rowid LIMIT 1').get() as { id: string }).id
const scope = { organizationId, environment: 'test' as const }
runUnit(engine, Date.now(), (unit) => {
  for (let i = 0; i < Number(rows); i++) {
    enqueueUpstream(unit, scope, 'mobile.b2c', { phoneNumber: '+254712345678', amount: 1_000 + i, merchantTransactionId: `crash-${i}` }, unit.now)
  }
})
const client = createProviderClient({ url: providerUrl, key: providerKey, ratePerMinute: 600_000, timeoutMs: 1_000 })
const sender = createOutboxSender({ runner: engine, scope, provider: client, now: Date.now, graceMs: 20, breaker: { cooldownMs: 20, maxCooldownMs: 40 } })
sender.recover()
async function main(): Promise<void> {
  for (;;) {
    await sender.pump()
    const next = sender.nextDueAt()
    if (next === null) break
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, next - Date.now())))
  }
  client.close()
  service.close()
  process.stdout.write('done\n')
}
void main()
