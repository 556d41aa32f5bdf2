import { AMOUNT_BOUNDS } from '../../../shared/money'
import type { ForceStatus, Metadata } from '../../../shared/schemas/common'
import { KE_BANK_CODES } from '../db/bank-codes-ke'
import type { Counterparty } from '../db/rows'
import type { SeededRandom } from '../core/seeded-random'
import { MAGIC_PHONES } from '../lifecycle/plan'

/**
 * What a merchant's history looks like: the mix of operations, their amounts, outcomes and texts.
 * Only shapes and proportions live here; history.ts turns them into rows and ledger postings.
 */

/** Operations a merchant starts itself; funding (float top-ups, collections sweeps) is added when balances need it. */
export type HistoryKind = 'charge' | 'transfer' | 'payment' | 'bank_withdrawal' | 'reversal'

/** Roughly a collections-heavy merchant: mostly customer charges, with disbursements paid from the float they fund. */
const KIND_WEIGHTS: readonly [HistoryKind, number][] = [
  ['charge', 0.64],
  ['transfer', 0.21],
  ['payment', 0.08],
  ['bank_withdrawal', 0.05],
  ['reversal', 0.02],
]

export function pickKind(random: SeededRandom): HistoryKind {
  let roll = random.next()
  for (const [kind, weight] of KIND_WEIGHTS) {
    roll -= weight
    if (roll < 0) return kind
  }
  return 'charge'
}

const KES = 100

/** Amounts in minor units, log-uniform within typical ranges and always inside the API's bounds. */
export function pickAmount(random: SeededRandom, kind: Exclude<HistoryKind, 'reversal'>): number {
  const wholeShillings = (min: number, max: number) => Math.round(random.logUniform(min, max)) * KES
  switch (kind) {
    case 'charge': {
      const amount = random.chance(0.005) ? wholeShillings(70_000, 250_000) : wholeShillings(10, 70_000)
      return Math.min(Math.max(amount, AMOUNT_BOUNDS.charge.min), AMOUNT_BOUNDS.charge.max)
    }
    case 'transfer':
      return Math.min(wholeShillings(50, 35_000), AMOUNT_BOUNDS.b2c.max)
    case 'payment':
      return Math.min(wholeShillings(500, 150_000), AMOUNT_BOUNDS.b2b.max)
    case 'bank_withdrawal':
      return Math.min(wholeShillings(5_000, 1_000_000), AMOUNT_BOUNDS.bankTransfer.max)
  }
}

/** How a charge that did not succeed ended, in proportion (the sandbox's own failure outcomes). */
const CHARGE_FAILURES: readonly [ForceStatus, number][] = [
  ['cancelled', 0.45],
  ['timeout', 0.25],
  ['insufficient_funds', 0.18],
  ['wrong_pin', 0.07],
  ['failed', 0.05],
]

export function pickChargeFailure(random: SeededRandom): ForceStatus {
  let roll = random.next()
  for (const [outcome, weight] of CHARGE_FAILURES) {
    roll -= weight
    if (roll < 0) return outcome
  }
  return 'failed'
}

export const CHARGE_FAILURE_RATE = 0.14
export const PAYOUT_FAILURE_RATE = 0.04
export const REVERSAL_FAILURE_RATE = 0.08

/** Processor answer delay in ms per kind: [min, max] (the `realistic` simulator's ranges). */
export const ANSWER_DELAY_MS: Record<HistoryKind, [number, number]> = {
  charge: [5_000, 30_000],
  transfer: [2_000, 10_000],
  payment: [2_000, 10_000],
  bank_withdrawal: [5_000, 60_000],
  reversal: [2_000, 10_000],
}

/** A completed charge's net reaches collections `available` this long after completion (next-day settlement). */
export const SETTLEMENT_DELAY_MS = 24 * 60 * 60 * 1000

export interface Customer {
  phoneNumber: string
  customerId: string | null
}

/** A pool of returning customers: Safaricom 07xx and 01xx numbers in stored form, never the sandbox's magic phones. */
export function createCustomers(random: SeededRandom, count: number): Customer[] {
  const customers: Customer[] = []
  while (customers.length < count) {
    const prefix = random.chance(0.2) ? '1' : '7'
    const phoneNumber = `+254${prefix}${String(random.int(100_000_000)).padStart(8, '0')}`
    if (MAGIC_PHONES[phoneNumber]) continue
    customers.push({ phoneNumber, customerId: random.chance(0.3) ? `cus_${customers.length.toString(36).padStart(6, '0')}` : null })
  }
  return customers
}

const CHARGE_NARRATIONS = ['Order payment', 'Invoice settlement', 'Subscription renewal', 'Delivery fee', 'Deposit', null, null, null] as const
const B2C_NARRATIONS = ['Customer refund', 'Agent commission', 'Salary advance', 'Cashback reward', 'Supplier float', null] as const
const B2B_NARRATIONS = ['Supplier invoice', 'Rent', 'Utility bill', 'Stock purchase', null] as const
const BANK_NARRATIONS = ['Supplier settlement', 'Payroll funding', 'Tax remittance', 'Loan repayment'] as const
const CHANNELS = ['web', 'app', 'ussd', 'pos'] as const

export function pickNarration(random: SeededRandom, kind: Exclude<HistoryKind, 'reversal'>): string | null {
  switch (kind) {
    case 'charge':
      return random.pick(CHARGE_NARRATIONS)
    case 'transfer':
      return random.pick(B2C_NARRATIONS)
    case 'payment':
      return random.pick(B2B_NARRATIONS)
    case 'bank_withdrawal':
      return random.pick(BANK_NARRATIONS)
  }
}

/** Small metadata on some charges, as integrations attach an order id and channel. */
export function pickMetadata(random: SeededRandom, reference: string): Metadata | null {
  return random.chance(0.15) ? { orderId: reference, channel: random.pick(CHANNELS) } : null
}

export function pickTillOrPaybill(random: SeededRandom): Counterparty {
  const paybill = random.chance(0.6)
  return {
    kind: paybill ? 'paybill' : 'till',
    accountNumber: String(random.between(100_000, 9_999_999)),
    beneficiary: paybill ? `ACC${random.between(1_000, 999_999)}` : null,
  }
}

const BENEFICIARY_NAMES = ['Jua Kali Supplies Ltd', 'Nairobi Fresh Produce', 'Savanna Logistics', 'Kilimo Inputs Co', 'Pwani Hardware', 'Mara Textiles'] as const

export function pickBankCounterparty(random: SeededRandom): Counterparty {
  const [bankCode, bankName] = random.pick(KE_BANK_CODES)
  return {
    kind: 'bank', accountNumber: String(random.between(1_000_000_000, 9_999_999_999)), bankCode, bankName,
    accountName: random.pick(BENEFICIARY_NAMES), branchCode: null, senderAddress: 'Moi Avenue, Nairobi', paymentPurposeId: null,
  }
}
