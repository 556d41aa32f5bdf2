import { computeFee } from '../domain/fees'
import type { AccountRow } from '../db/rows'
import {
  completeCharge, completePayout, completeReversal, reservePayout, reserveReversal, settleCharge, sweep, topUp,
} from '../ledger/postings'
import { OUTCOMES } from '../lifecycle/plan'
import {
  CHARGE_FAILURE_RATE, PAYOUT_FAILURE_RATE, REVERSAL_FAILURE_RATE, SETTLEMENT_DELAY_MS, pickAmount, pickBankCounterparty, pickChargeFailure,
  pickMetadata, pickNarration, pickTillOrPaybill,
} from './history-profile'
import { answerAt, baseRow, insertRow, KES, reference, type HistoryRun, type TimelineStep } from './history-run'

/** When a payout finds the float short, the merchant tops up (else the payout is refused at creation). */
const TOP_UP_PROBABILITY = 0.75

/** A float top-up of `target` large enough for `need` and then some. */
export function fund(run: HistoryRun, t: number, target: AccountRow, need: number): void {
  const { random, book, accounts } = run
  const amount = Math.ceil((need + random.between(500_000, 5_000_000) * KES) / (100_000 * KES)) * 100_000 * KES
  const row = baseRow(run, t, 'bank_deposit', target)
  Object.assign(row, { amount, charged_amount: amount, payment_method: 'bank', processor: 'partnerbank', narration: 'Float top-up', result_code: '0' })
  const id = insertRow(run, row, [['completed', 'Float top-up completed', t]])
  book.post(id, topUp(target.id, accounts.external.id, amount), t)
  book.adjustSpendable(target.id, amount)
}

export function sweepCollections(run: HistoryRun, t: number, amount: number): void {
  const { book, accounts } = run
  const row = baseRow(run, t, 'settlement', accounts.collections)
  Object.assign(row, { amount, charged_amount: amount, payment_method: 'bank', processor: 'partnerbank', narration: 'Collections sweep to payouts', result_code: '0' })
  const id = insertRow(run, row, [['completed', 'Sweep completed', t]])
  book.post(id, sweep(accounts.collections.id, accounts.payouts.id, amount), t)
  book.adjustSpendable(accounts.collections.id, -amount)
  book.adjustSpendable(accounts.payouts.id, amount)
}

export function charge(run: HistoryRun, t: number): void {
  const { random, accounts, book } = run
  const amount = pickAmount(random, 'charge')
  const fees = computeFee(run.tariff, 'charge', amount)
  const customer = random.pick(run.customers)
  const merchantTransactionId = reference(run, 'INV')
  const row = baseRow(run, t, 'charge', accounts.collections)
  Object.assign(row, {
    merchant_transaction_id: merchantTransactionId, amount, charged_amount: amount, fees, phone_number: customer.phoneNumber,
    customer_id: customer.customerId, narration: pickNarration(random, 'charge'), metadata: pickMetadata(random, merchantTransactionId),
  })
  const answeredAt = answerAt(run, t, 'charge')
  const prompt: TimelineStep = ['pending', 'Push prompt sent to the customer', t]
  if (random.chance(CHARGE_FAILURE_RATE)) {
    const outcome = OUTCOMES[pickChargeFailure(random)]
    row.result_code = outcome.resultCode
    insertRow(run, row, [prompt, ['failed', outcome.message, answeredAt]])
    return
  }
  row.result_code = '0'
  row.processor_reference = run.ids.receipt(answeredAt)
  const settleAt = answeredAt + SETTLEMENT_DELAY_MS
  const completed: TimelineStep = ['completed', OUTCOMES.success.message, answeredAt]
  const postings = completeCharge(accounts.collections.id, accounts.external.id, accounts.fees.id, amount, fees)
  if (settleAt > run.toMs) {
    row.settle_due_at = settleAt
    book.post(insertRow(run, row, [prompt, completed]), postings, answeredAt)
    return
  }
  const id = insertRow(run, row, [prompt, completed, ['settled', 'Funds settled to the collections account', settleAt]])
  // Completion and settlement each when they happened, as a live charge's are: a day's report then
  // counts the charge on the day the customer paid, like the transactions list does.
  book.post(id, postings, answeredAt, 1)
  book.post(id, settleCharge(accounts.collections.id, amount - fees), settleAt)
  run.unsettled.push({ id, publicId: row.public_id, amount, fees, customer, settleAt })
}

export function payout(run: HistoryRun, t: number, kind: 'transfer' | 'payment' | 'bank_withdrawal'): void {
  const { random, accounts, book } = run
  const account = kind !== 'bank_withdrawal' && accounts.shortcodePayouts && random.chance(0.12) ? accounts.shortcodePayouts : accounts.payouts
  const amount = pickAmount(random, kind)
  const fees = computeFee(run.tariff, kind === 'transfer' ? 'b2c' : kind === 'payment' ? 'b2b' : 'bankTransfer', amount)
  const short = book.spendable(account.id) < amount + fees
  if (short && random.chance(TOP_UP_PROBABILITY)) return fund(run, t, account, amount + fees)
  const row = baseRow(run, t, kind, account)
  const customer = kind === 'transfer' ? random.pick(run.customers) : null
  const counterparty = kind === 'payment' ? pickTillOrPaybill(random) : kind === 'bank_withdrawal' ? pickBankCounterparty(random) : null
  Object.assign(row, {
    merchant_transaction_id: reference(run, kind === 'transfer' ? 'PAY' : kind === 'payment' ? 'BIZ' : 'BNK'), amount, charged_amount: amount + fees,
    fees, phone_number: customer?.phoneNumber ?? null, customer_id: customer?.customerId ?? null, narration: pickNarration(random, kind),
    counterparty,
    payment_method: kind === 'bank_withdrawal' ? 'bank' : 'mobile_money', processor: kind === 'bank_withdrawal' ? 'partnerbank' : 'mobile',
  })
  if (short) {
    row.result_code = 'insufficient_float'
    insertRow(run, row, [['rejected', `Insufficient balance in payouts account ${account.account_no} for amount plus fees.`, t]])
    return
  }
  const answeredAt = answerAt(run, t, kind)
  const accepted: TimelineStep = ['pending', 'Disbursement accepted for processing', t]
  // Reserved at acceptance either way; a failure releases it, so only success leaves postings behind.
  book.adjustSpendable(account.id, -(amount + fees))
  if (random.chance(PAYOUT_FAILURE_RATE)) {
    row.result_code = OUTCOMES.failed.resultCode
    insertRow(run, row, [accepted, ['failed', OUTCOMES.failed.message, answeredAt]])
    book.adjustSpendable(account.id, amount + fees)
    return
  }
  row.result_code = '0'
  if (kind !== 'bank_withdrawal') row.processor_reference = run.ids.receipt(answeredAt)
  const id = insertRow(run, row, [accepted, ['completed', OUTCOMES.success.message, answeredAt]])
  book.post(id, [...reservePayout(account.id, amount, fees), ...completePayout(account.id, accounts.external.id, accounts.fees.id, amount, fees)], answeredAt)
}

/** Reverses a settled charge if one is available and collections can cover its net; otherwise false. */
export function reversal(run: HistoryRun, t: number): boolean {
  const { random, accounts, book, reversible } = run
  if (reversible.length === 0) return false
  const index = random.int(reversible.length)
  const original = reversible[index]!
  const net = original.amount - original.fees
  if (book.spendable(accounts.collections.id) < net) return false
  reversible[index] = reversible[reversible.length - 1]!
  reversible.pop()
  const row = baseRow(run, t, 'reversal', accounts.collections)
  Object.assign(row, {
    amount: original.amount, charged_amount: original.amount, phone_number: original.customer.phoneNumber,
    customer_id: original.customer.customerId, narration: `Reversal of ${original.publicId}`, related_id: original.id,
  })
  const answeredAt = answerAt(run, t, 'reversal')
  const accepted: TimelineStep = ['pending', 'Reversal accepted for processing', t]
  const failed = random.chance(REVERSAL_FAILURE_RATE)
  row.result_code = failed ? OUTCOMES.failed.resultCode : '0'
  if (!failed) row.processor_reference = run.ids.receipt(answeredAt)
  const id = insertRow(run, row, failed ? [accepted, ['failed', OUTCOMES.failed.message, answeredAt]] : [accepted, ['completed', OUTCOMES.success.message, answeredAt]])
  run.writer.relate(original.id, id)
  if (!failed) {
    book.post(id, [...reserveReversal(accounts.collections.id, net), ...completeReversal(accounts.collections.id, accounts.external.id, accounts.fees.id, original.amount, original.fees)], answeredAt)
    book.adjustSpendable(accounts.collections.id, -net)
  }
  return true
}
