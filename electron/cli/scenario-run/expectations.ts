import type { ScenarioExpectation } from '../../../shared/schemas/scenario-flow'
import type { SandboxClient } from './client'
import { transactionIdOf, type RunNames } from './steps'

/** How long a webhooks expectation waits for deliveries that have not had their first attempt yet. */
const SEND_GRACE_MS = 10_000

export interface CheckOutcome {
  label: string
  ok: boolean
  detail: string
}

/** Compares the fields an expectation names (and only those) with what the sandbox reports. */
function compare(wanted: Record<string, unknown>, actual: Record<string, unknown>): string[] {
  return Object.entries(wanted).filter(([, value]) => value !== undefined).flatMap(([field, value]) =>
    actual[field] === value ? [] : [`${field} is ${JSON.stringify(actual[field])}, expected ${JSON.stringify(value)}`])
}

/** `available 0, pending 5` from the fields an expectation names. */
function wanted(fields: Record<string, unknown>): string {
  return Object.entries(fields).filter(([, v]) => v !== undefined).map(([k, v]) => `${k} ${typeof v === 'string' ? JSON.stringify(v) : v}`).join(', ')
}

function describe(e: ScenarioExpectation): string {
  if ('transaction' in e) return `transaction ${e.transaction}: ${wanted({ status: e.status, message: e.message })}`
  if ('account' in e) return `account ${e.account}: ${wanted({ available: e.available, pending: e.pending })}`
  if ('customer' in e) return `customer ${e.customer}: ${wanted({ balance: e.balance, status: e.status })}`
  if ('ledger' in e) return `${e.ledger.type} accounts in all: ${wanted({ available: e.ledger.available, pending: e.ledger.pending })}`
  const w = e.webhooks
  const parts = [
    w.allAnswered2xx ? 'every event answered 2xx' : '', w.inOrder ? `events in order ${w.inOrder.join(' -> ')}` : '',
    w.requests !== undefined ? `${w.requests} webhook requests${w.type ? ` of ${w.type}` : ''}` : '',
    w.duplicated === undefined ? '' : `${w.duplicated ? 'every' : 'no'} event${w.type ? ` of ${w.type}` : ''} received twice`,
  ]
  return `webhooks: ${parts.filter(Boolean).join(', ')}${w.transaction ? ` (${w.transaction})` : ''}`
}

/**
 * HTTP requests the receiver got for an event, from the delivery log: an attempt the fault lab dropped sent
 * nothing, a duplicated one sent two copies (same id and body) before it was logged.
 */
function requestsOf(deliveries: readonly { attempts: readonly { faults: readonly string[] }[] }[]): number {
  return deliveries.reduce((sum, d) => sum + d.attempts.reduce((n, a) => n + (a.faults.includes('drop') ? 0 : a.faults.includes('duplicate') ? 2 : 1), 0), 0)
}

/** Checks one expectation through the sandbox's HTTP API. Never throws. `since`: simulated start of the run. */
export async function checkExpectation(client: SandboxClient, e: ScenarioExpectation, names: RunNames, since: number): Promise<CheckOutcome> {
  const label = describe(e)
  try {
    const problems = await check(client, e, names, since)
    return { label, ok: problems.length === 0, detail: problems.join('; ') }
  } catch (error) {
    return { label, ok: false, detail: error instanceof Error ? error.message : String(error) }
  }
}

async function check(client: SandboxClient, e: ScenarioExpectation, names: RunNames, since: number): Promise<string[]> {
  if ('transaction' in e) {
    const detail = await client.data('console.transactions.detail', { params: { transactionId: transactionIdOf(names, e.transaction) } })
    return compare({ status: e.status, message: e.message }, detail.transaction)
  }
  if ('account' in e) {
    const accounts = await client.data('accounts.list', {}, e.environment)
    const account = accounts.items.find((a) => a.accountNo === e.account)
    if (!account) return [`no account ${e.account} in the ${e.environment} environment`]
    return compare({ available: e.available, pending: e.pending }, account)
  }
  if ('customer' in e) {
    const phone = `+254${e.customer.slice(-9)}`
    const customers = await client.data('console.customers.list')
    const customer = customers.items.find((c) => c.phoneNumber === phone)
    if (!customer) return [`no simulated customer ${e.customer}`]
    return compare({ balance: e.balance, status: e.status }, customer)
  }
  if ('ledger' in e) {
    const accounts = await client.data('accounts.list', { query: { type: e.ledger.type } }, e.ledger.environment)
    const total = (bucket: 'available' | 'pending') => accounts.items.reduce((sum, a) => sum + a[bucket], 0)
    return compare({ available: e.ledger.available, pending: e.ledger.pending }, { available: total('available'), pending: total('pending') })
  }
  const w = e.webhooks
  const transactionId = w.transaction ? transactionIdOf(names, w.transaction) : undefined
  type EventView = { id: string; type: string; created: number; deliveries: { status: string; lastResponseStatus: number | null; attemptCount: number; attempts: { faults: string[] }[] }[] }
  const load = async (): Promise<EventView[]> => {
    const list = await client.data('console.webhooks.events.list', { query: { limit: 200, ...(transactionId ? { transactionId } : {}) } }, w.environment)
    // Oldest first; only the events of this run (a targeted sandbox may hold older ones).
    return [...list.items].filter((ev) => ev.created >= since).reverse()
  }
  // Events written by the last steps may not have been sent yet: give every delivery its first attempt.
  let events = await load()
  const deadline = Date.now() + SEND_GRACE_MS
  while (events.some((ev) => ev.deliveries.some((d) => d.attemptCount === 0)) && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 50))
    events = await load()
  }
  const problems: string[] = []
  if (w.allAnswered2xx) {
    for (const ev of events) {
      for (const d of ev.deliveries) {
        const status = d.lastResponseStatus
        if (status === null || status < 200 || status > 299) problems.push(`${ev.type} ${ev.id} was answered ${status ?? 'nothing'} (${d.status})`)
      }
    }
    if (events.length === 0) problems.push('no events were sent')
  }
  if (w.inOrder) {
    const types = events.map((ev) => ev.type)
    let position = 0
    for (const type of types) if (type === w.inOrder[position]) position++
    if (position < w.inOrder.length) problems.push(`events arrived as ${types.join(' -> ') || '(none)'}; missing ${w.inOrder.slice(position).join(' -> ')} in that order`)
  }
  const ofType = events.filter((ev) => !w.type || ev.type === w.type)
  if (w.requests !== undefined) {
    const count = ofType.reduce((sum, ev) => sum + requestsOf(ev.deliveries), 0)
    if (count !== w.requests) problems.push(`the receiver got ${count} requests, expected ${w.requests}`)
  }
  if (w.duplicated !== undefined) {
    const wrong = ofType.filter((ev) => (requestsOf(ev.deliveries) >= 2) !== w.duplicated)
    for (const ev of wrong) problems.push(`${ev.type} ${ev.id} was sent ${requestsOf(ev.deliveries)} time(s)`)
    if (ofType.length === 0) problems.push(`no events${w.type ? ` of ${w.type}` : ''} were sent`)
  }
  return problems
}
