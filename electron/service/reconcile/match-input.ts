import type { ChargeRecord } from '../db/reconciliations-repo'
import type { FileRow } from './file-rows'

/** Charges the period does not hold, found one at a time by index (an order paid before or after the period). */
export interface ChargeLookup {
  byReference(reference: string): ChargeRecord | undefined
  byReceipt(receipt: string): ChargeRecord | undefined
  /** A charge by its tax invoice number (metadata.taxInvoiceNumber), any letter case. */
  byInvoice(invoice: string): ChargeRecord | undefined
}

export interface MatchInput {
  rows: readonly FileRow[]
  /** The completed charges created in the period (reversed ones marked); the others are found through `lookup`. */
  charges: readonly ChargeRecord[]
  lookup: ChargeLookup
  /** The local day of an instant (the period's zone). */
  dayOf(ms: number): string
  /** Whether an instant is inside the period. */
  inPeriod(ms: number): boolean
}
