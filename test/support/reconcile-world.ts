import { expect } from 'vitest'
import { CONSOLE_TOKEN, ref, type TestServer } from './harness'

/**
 * A day of a merchant's charges made through the public API, and the merchant's own file of that day, so
 * that reconciling the one against the other gives every item kind (docs/reconciliation.md):
 *
 * line  row                                  outcome
 *  2    order A, KES 1,500                   matched (reference)
 *  3    order B, KES 1,999 (paid 2,000)      amount_mismatch
 *  4    order C (its charge failed)          missing_in_paydesk, naming the failed charge
 *  5    order D (paid, then reversed)        missing_in_paydesk, naming the charge
 *  6    order NONE                           missing_in_paydesk, no charge
 *  7    order A again                        duplicate of line 2
 *  8    receipt of F, lower-case, no order   matched (receipt)
 *  9    phone of G in another spelling       matched (phone and amount)
 * 10    phone of H1/H2 (two payments fit)    ambiguous, both candidates
 * 11    order I (the customer paid twice)    matched; the second payment I2 is a duplicate of line 11
 * and charge E, paid but not in the file:   missing_in_file (as are H1 and H2, which no row matched).
 */
export interface ReconcileWorld {
  ids: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H1' | 'H2' | 'I' | 'I2', string>
  references: Record<'A' | 'B' | 'C' | 'D' | 'I', string>
  receiptOfF: string
  /** The file, amounts in shillings (`KES`) or whole cents; dates ISO or day/month/year. */
  csv(unit: 'KES' | 'cents', dates: 'iso' | 'dmy'): string
  /** The local day of the charges (the fake clock's, in Nairobi). */
  day: string
}

const consoleHeaders = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' }

/** A phone number no other world uses: `07` + eight random digits. */
function freshPhone(): string {
  return `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
}

async function settle(server: TestServer): Promise<void> {
  for (let i = 0; i < 4; i++) {
    server.clock.advance(5_000)
    await server.service.tick()
  }
}

/** Makes the charges (and a reversal) of the world through the public API and waits until they are final. */
export async function buildReconcileWorld(server: TestServer): Promise<ReconcileWorld> {
  const phones = { A: freshPhone(), G: freshPhone(), H: freshPhone(), I: freshPhone() }
  const references = { A: ref('ORD-A'), B: ref('ORD-B'), C: ref('ORD-C'), D: ref('ORD-D'), I: ref('ORD-I') }
  const charge = async (amount: number, phoneNumber: string, merchantTransactionId = ref('ORD-X'), forceStatus = 'success'): Promise<string> => {
    const response = await server.request('POST', '/v1/mobile/charge', { body: { phoneNumber, amount, merchantTransactionId, forceStatus } })
    expect(response.status).toBe(202)
    return response.body.data.transactionId as string
  }
  const ids = {
    A: await charge(150_000, phones.A, references.A),
    B: await charge(200_000, freshPhone(), references.B),
    C: await charge(300_000, freshPhone(), references.C, 'failed'),
    D: await charge(120_000, freshPhone(), references.D),
    E: await charge(90_000, freshPhone()),
    F: await charge(70_000, freshPhone()),
    G: await charge(300_000, phones.G),
    H1: await charge(400_000, phones.H),
    H2: await charge(400_000, phones.H),
    I: await charge(55_000, phones.I, references.I),
    I2: await charge(55_000, phones.I),
  }
  await settle(server)
  const reversal = await server.request('POST', '/v1/mobile/reverse', { body: { transactionId: ids.D, narration: 'Refund' } })
  expect(reversal.status).toBe(202)
  await settle(server)
  const f = await server.request('GET', `/v1/transaction?transactionId=${ids.F}`)
  const receiptOfF = f.body.data.processorReference as string
  expect(receiptOfF).toMatch(/^T/)
  const day = '2026-11-21'
  const spokenG = `+254 ${phones.G.slice(1, 4)} ${phones.G.slice(4, 7)} ${phones.G.slice(7)}`
  return {
    ids, references, receiptOfF, day,
    csv(unit, dates) {
      const amount = (cents: number) => (unit === 'cents' ? String(cents) : `"${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}"`)
      const date = dates === 'iso' ? '2026-11-21' : '21/11/2026'
      const rows = [
        ['Order No', 'Receipt', 'Phone', unit === 'cents' ? 'Amount (cents)' : 'Amount', 'Date'],
        [references.A, '', phones.A, amount(150_000), date],
        [references.B, '', '', amount(199_900), date],
        [references.C, '', '', amount(300_000), date],
        [references.D, '', '', amount(120_000), date],
        ['ORD-NONE-1', '', '', amount(10_000), date],
        [references.A, '', '', amount(150_000), date],
        ['', receiptOfF.toLowerCase(), '', amount(70_000), date],
        ['', '', spokenG, amount(300_000), date],
        ['', '', phones.H, amount(400_000), date],
        [references.I, '', phones.I, amount(55_000), date],
      ]
      return `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`
    },
  }
}

/** The create request for the world's file, with the mapping a person would choose. */
export function reconcileRequest(world: ReconcileWorld, unit: 'KES' | 'cents', dates: 'iso' | 'dmy' = 'iso') {
  return {
    name: `Orders of ${world.day} (${unit})`, csv: world.csv(unit, dates), amountUnit: unit, from: world.day, to: world.day, timeZone: 'Africa/Nairobi',
    mapping: { reference: 'Order No', receipt: 'Receipt', phone: 'Phone', amount: unit === 'cents' ? 'Amount (cents)' : 'Amount', date: 'Date' },
  }
}

export { consoleHeaders }
