import type { ServiceResponse } from '../../../shared/api/envelope'
import { sha256Hex } from '../core/ids'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import type { PayoutBatchRowRecord } from '../db/payout-batch-rows-repo'
import type { ApiExchange, CallNotes } from '../request-log/exchange'

/** What a row's payout is: the public route the console would call, its body and its Idempotency-Key. */
export interface RowCall {
  routeId: 'mobile.b2c' | 'bank.transfer'
  path: string
  body: Record<string, unknown>
  idempotencyKey: string
}

/** The sender's side of a bank row: the batch's payouts account and the organization's name as address. */
export interface Sender {
  accountNo: string
  address: string
  bankName(code: string): string | undefined
}

/**
 * The row's Idempotency-Key, derived from batch, line and attempt (a UUID in form, as the API documents):
 * whatever happens to the process, one attempt of one row is one payout.
 */
export function rowIdempotencyKey(batchId: string, line: number, attempt: number): string {
  const hex = sha256Hex(`payout-batch:${batchId}:${line}:${attempt}`)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** A retry is a new payout, so it needs a reference of its own: the row's with `-R<attempt>`. */
export function attemptReference(reference: string, attempt: number): string {
  return attempt === 0 ? reference : `${reference}-R${attempt}`
}

export function rowCall(batch: PayoutBatchRecord, row: PayoutBatchRowRecord, sender: Sender): RowCall {
  const merchantTransactionId = attemptReference(row.reference!, row.attempt)
  const narration = row.narration ?? batch.name.slice(0, 140)
  const metadata = {
    payoutBatchId: batch.public_id, payoutBatchLine: row.line, ...(row.attempt > 0 ? { payoutBatchAttempt: row.attempt } : {}),
    ...(row.tax_invoice_number ? { taxInvoiceNumber: row.tax_invoice_number } : {}), ...(row.kra_pin ? { sellerKraPin: row.kra_pin } : {}),
  }
  const idempotencyKey = rowIdempotencyKey(batch.public_id, row.line, row.attempt)
  if (row.kind === 'mobile') {
    return { routeId: 'mobile.b2c', path: '/v1/mobile/b2c', idempotencyKey, body: { phoneNumber: row.phone_number, amount: row.amount, merchantTransactionId, narration, metadata } }
  }
  return {
    routeId: 'bank.transfer', path: '/v1/local-bank-transfer', idempotencyKey,
    body: {
      merchantTransactionId, senderAccountNo: sender.accountNo, senderAddress: sender.address, beneficiaryBankCode: row.bank_code,
      beneficiaryBankName: sender.bankName(row.bank_code!) ?? row.bank_code, beneficiaryAccountId: row.account_number, beneficiaryAccountCcy: 'KES',
      beneficiaryName: (row.account_name ?? row.recipient_name ?? row.account_number!).slice(0, 140), amount: row.amount, narration,
      paymentChannel: 'INSTANTBANK', metadata,
    },
  }
}

/**
 * The row's call as the request log keeps it: the exchange the console's own HTTP call would have made
 * (docs/console.md "Requests"), so a batch's payouts are found there like any other.
 */
export function rowExchange(call: RowCall, environment: string, requestId: string, response: ServiceResponse, notes: CallNotes, durationMs: number): ApiExchange {
  return {
    requestId, method: 'POST', path: call.path, query: '', status: response.status, durationMs,
    requestHeaders: { 'content-type': 'application/json', 'idempotency-key': call.idempotencyKey, 'paydesk-environment': environment, 'user-agent': 'Paydesk payout batch' },
    requestBody: Buffer.from(JSON.stringify(call.body)),
    responseHeaders: { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId, ...response.headers },
    responseBody: JSON.stringify(response.body), idempotencyKey: call.idempotencyKey, notes,
  }
}
