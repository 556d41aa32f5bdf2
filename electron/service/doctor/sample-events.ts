import type { WebhookEventType } from '../../../shared/schemas/webhooks'
import { newTransaction } from '../db/new-transaction'
import type { AccountRow, TransactionRow } from '../db/rows'
import { toTransactionAlt } from '../views/transaction'
import { createIds, type Ids } from '../core/ids'
import { toBalance } from '../views/account'
import { OUTCOMES } from '../lifecycle/plan'
import { eventEnvelope } from '../outbox/outbox'
import { signatureHeaders } from '../webhooks/signing'

/**
 * Realistic events built with the engine's own envelope and transaction/balance views (never a copy), for
 * the receiver doctor and `paydesk events sample`. Nothing is stored: these touch no transaction or balance.
 */

/** Failure codes of docs/simulator.md (M-Pesa result codes) with their texts, from the simulator's table. */
export const FAILURE_CODES: Record<string, string> = Object.fromEntries(
  Object.values(OUTCOMES).filter((outcome) => outcome.result === 'failed').map((outcome) => [outcome.resultCode, outcome.message]),
)
/** The refusal code of transaction.creation_failed. */
export const CREATION_FAILED_CODES: Record<string, string> = { insufficient_float: 'Insufficient balance in payouts account 4000123456 for amount plus fees.' }

export const SAMPLE_EVENT_TYPES: readonly WebhookEventType[] = [
  'transaction.succeeded', 'transaction.failed', 'transaction.creation_failed', 'transaction.reversed',
  'payout.succeeded', 'payout.failed', 'balance.updated', 'test.event',
]

/** Which codes `--code` accepts per type (none: the type carries no error). */
export function codesOf(type: WebhookEventType): Record<string, string> {
  if (type === 'transaction.failed' || type === 'payout.failed') return FAILURE_CODES
  if (type === 'transaction.creation_failed') return CREATION_FAILED_CODES
  return {}
}

const DEFAULT_CODE: Partial<Record<WebhookEventType, string>> = {
  'transaction.failed': '1032', 'payout.failed': '1001', 'transaction.creation_failed': 'insufficient_float',
}

export interface SampleOptions {
  now: number
  /** Failure code for failure types (docs/simulator.md); the default is the most common one. */
  code?: string
  /** Marks `data.paydeskDoctor: true` (receiver doctor events). */
  doctor?: boolean
  ids?: Ids
}

export interface SampleEvent {
  id: string
  type: string
  /** The exact bytes to send and sign. */
  body: string
}

function transaction(ids: Ids, now: number, fields: Partial<TransactionRow>): TransactionRow {
  const created = now - 4_000
  const row = newTransaction({
    public_id: ids.transaction(), organization_id: 'org_sample', environment: 'test', type: 'charge', status: 'completed',
    account_id: 0, account_type: 'collections', merchant_transaction_id: `order-${ids.int(900_000) + 100_000}`, amount: 150_000,
    charged_amount: 150_000, fees: 2_250, processor_reference: ids.receipt(), phone_number: '+254712345678', narration: 'Order payment',
    message: OUTCOMES.success.message, result_code: '0', created_at: created, updated_at: now,
  })
  return { id: 0, ...row, last_event_id: null, ...fields }
}

function payout(ids: Ids, now: number, fields: Partial<TransactionRow>): TransactionRow {
  return transaction(ids, now, {
    type: 'transfer', account_type: 'payouts', amount: 50_000, charged_amount: 50_500, fees: 500, narration: 'Salary advance', ...fields,
  })
}

function failed(code: string): Partial<TransactionRow> {
  return { status: 'failed', message: FAILURE_CODES[code] ?? code, result_code: code, processor_reference: null, fees: 0 }
}

/** One event of `type`, as Paydesk would send it. Throws on a code the type does not take. */
export function sampleEvent(type: WebhookEventType, options: SampleOptions): SampleEvent {
  const { now } = options
  const ids = options.ids ?? createIds(() => now)
  const codes = codesOf(type)
  if (options.code !== undefined && !(options.code in codes)) {
    const known = Object.keys(codes)
    throw new Error(known.length === 0 ? `${type} carries no error code` : `unknown code ${options.code} for ${type}; use one of ${known.join(', ')}`)
  }
  const code = options.code ?? DEFAULT_CODE[type]
  let data: Record<string, unknown>
  let error: { code: string; message: string } | undefined
  switch (type) {
    case 'transaction.succeeded':
      data = { ...toTransactionAlt(transaction(ids, now, {})) }
      break
    case 'transaction.failed':
      data = { ...toTransactionAlt(transaction(ids, now, failed(code!))) }
      error = { code: code!, message: FAILURE_CODES[code!]! }
      break
    case 'transaction.creation_failed':
      data = { ...toTransactionAlt(payout(ids, now, { status: 'rejected', message: CREATION_FAILED_CODES[code!]!, result_code: code!, processor_reference: null })) }
      error = { code: code!, message: CREATION_FAILED_CODES[code!]! }
      break
    case 'transaction.reversed':
      data = { ...toTransactionAlt(transaction(ids, now, {})), reversalId: ids.transaction(), reversalProcessorReference: ids.receipt() }
      break
    case 'payout.succeeded':
      data = { ...toTransactionAlt(payout(ids, now, {})) }
      break
    case 'payout.failed':
      data = { ...toTransactionAlt(payout(ids, now, failed(code!))) }
      error = { code: code!, message: FAILURE_CODES[code!]! }
      break
    case 'balance.updated': {
      const account: AccountRow = {
        id: 0, organization_id: 'org_sample', environment: 'test', kind: 'collections', account_no: '3000123456', name: 'Collections',
        currency: 'KES', status: 'active', is_default: 1, host_type: null, shortcode: null, bank_name: null, bank_code: null,
        branch_code: null, swift_code: null, available: 1_247_750, pending: 147_750, updated_at: now,
      }
      data = { ...toBalance(account) }
      break
    }
    case 'test.event':
      data = { message: 'A test event sent from the Paydesk console.', organizationId: 'org_sample', environment: 'test' }
      break
  }
  if (options.doctor) data.paydeskDoctor = true
  const id = ids.event()
  return { id, type, body: eventEnvelope(id, type, now, data, error) }
}

/** An event of a type no receiver knows yet (the doctor checks it is acknowledged, not refused). */
export function unknownTypeEvent(now: number, ids: Ids = createIds(() => now)): SampleEvent {
  const id = ids.event()
  const type = 'transaction.disputed_v2'
  return { id, type, body: eventEnvelope(id, type, now, { id: ids.transaction(), note: 'An event type your receiver has not seen.', paydeskDoctor: true }) }
}

/** A webhook signing secret as Paydesk makes them and receivers hold them: `whsec_` + base64. */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{16,}={0,2}$/

/** A sample event with the headers Paydesk would send it with, signed with `secret` (a fresh one when absent). */
export interface SignedSample extends SampleEvent {
  secret: string
  headers: Record<string, string>
}

/** `paydesk events sample`: one event of `type`, signed at `now` with both schemes. Throws on a code the type does not take. */
export function signedSampleEvent(type: WebhookEventType, options: { now: number; code?: string; secret?: string }): SignedSample {
  const { now } = options
  const ids = createIds(() => now)
  const secret = options.secret ?? ids.webhookSecret()
  const event = sampleEvent(type, { now, ids, code: options.code })
  const signed = signatureHeaders({ eventId: event.id, timestampSeconds: Math.floor(now / 1000), body: event.body, secrets: [secret] })
  return { ...event, secret, headers: { 'content-type': 'application/json', ...signed } }
}
