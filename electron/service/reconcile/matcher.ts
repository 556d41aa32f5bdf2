import { TAX_INVOICE_NUMBER_PATTERN } from '../../../shared/tax-invoice'
import type { ChargeRecord } from '../db/reconciliations-repo'
import type { ReconciliationItemRecord } from '../db/reconciliation-items-repo'
import type { FileRow } from './file-rows'
import { chargeItems } from './charge-items'
import type { MatchInput } from './match-input'
import { unpaidNote, isPaid } from './paid'

/** What the passes over the rows decided so far: each row's item, each paid charge's row. */
interface Progress {
  items: (ReconciliationItemRecord | undefined)[]
  /** Paid charge (row id) -> the line of the row it matched (each match used once). */
  usedBy: Map<number, number>
  /** Unpaid charges (row ids) a row points to: an exception of the row, never missing in the file. */
  pointedTo: Set<number>
}

const NO_CANDIDATES: readonly string[] = Object.freeze([])

/** A file row's item (one object literal of one shape: ~100,000 are made per reconciliation). */
function rowItem(row: FileRow, kind: ReconciliationItemRecord['kind'], charge: ChargeRecord | null, note: string | null, candidates = NO_CANDIDATES): ReconciliationItemRecord {
  return {
    seq: row.line, kind, line: row.line, transaction_id: charge?.id ?? null, file_amount: row.amount, paydesk_amount: charge?.amount ?? null,
    candidates: candidates as string[], note, manual: false,
  }
}

/** The row's item once a reference or receipt named `charge`. */
function named(input: MatchInput, progress: Progress, row: FileRow, charge: ChargeRecord, by: string): ReconciliationItemRecord {
  if (!isPaid(charge)) {
    progress.pointedTo.add(charge.rowId)
    return rowItem(row, 'missing_in_paydesk', charge, unpaidNote(charge))
  }
  const earlier = progress.usedBy.get(charge.rowId)
  if (earlier !== undefined) return rowItem(row, 'duplicate', charge, `The same payment as line ${earlier} (by ${by}).`, [charge.id])
  progress.usedBy.set(charge.rowId, row.line)
  const outside = input.inPeriod(charge.createdAt) ? null : `Paid on ${input.dayOf(charge.createdAt)}, outside the period.`
  return rowItem(row, charge.amount === row.amount ? 'matched' : 'amount_mismatch', charge, outside)
}

/** Pass 1 and 2: a merchant reference, then a receipt, names one charge (in the period, else by index). */
function matchNamed(input: MatchInput, progress: Progress): void {
  const { rows, charges, lookup } = input
  const needed = (field: 'reference' | 'receipt') => rows.some((row, i) => row[field] !== null && !progress.items[i])
  if (needed('reference')) {
    const byReference = indexBy(charges, 'reference')
    rows.forEach((row, i) => {
      if (row.reference === null) return
      const charge = byReference.get(row.reference) ?? lookup.byReference(row.reference)
      if (charge) progress.items[i] = named(input, progress, row, charge, 'reference')
      else {
        // An order or bank file's "Invoice No." column is read as the reference: it may name the charge's tax invoice.
        const invoiced = TAX_INVOICE_NUMBER_PATTERN.test(row.reference) ? lookup.byInvoice(row.reference) : undefined
        if (invoiced) progress.items[i] = named(input, progress, row, invoiced, 'tax invoice number')
      }
    })
  }
  if (needed('receipt')) {
    const byReceipt = indexBy(charges, 'receipt')
    rows.forEach((row, i) => {
      if (progress.items[i] || row.receipt === null) return
      const charge = byReceipt.get(row.receipt) ?? lookup.byReceipt(row.receipt)
      if (charge) progress.items[i] = named(input, progress, row, charge, 'receipt')
    })
  }
}

/** Pass 3: phone and amount within the period, taken only when exactly one unused paid charge fits. */
function matchByPhone(input: MatchInput, progress: Progress): void {
  if (!input.rows.some((row, i) => row.phone !== null && !progress.items[i])) return
  const byPhone = phoneIndex(input.charges)
  input.rows.forEach((row, i) => {
    if (progress.items[i] || row.phone === null) return
    let fits = (byPhone.get(row.phone) ?? []).filter((charge) => charge.amount === row.amount && isPaid(charge) && !progress.usedBy.has(charge.rowId))
    // A date on the row narrows the candidates to that day, when any was paid on it.
    if (fits.length > 1 && row.day !== null) {
      const sameDay = fits.filter((charge) => input.dayOf(charge.createdAt) === row.day)
      if (sameDay.length > 0) fits = sameDay
    }
    if (fits.length === 1) {
      const charge = fits[0]!
      progress.usedBy.set(charge.rowId, row.line)
      progress.items[i] = rowItem(row, 'matched', charge, 'Matched by phone and amount.')
    } else if (fits.length > 1) {
      const candidates = fits.map((charge) => charge.id)
      progress.items[i] = rowItem(row, 'ambiguous', null, `${fits.length} payments from this phone of this amount in the period: match one by hand.`, candidates)
    }
  })
}

/** Why a row found no charge, in the words of what it was matched by. */
function missingNote(row: FileRow): string {
  const tried: string[] = []
  if (row.reference !== null) tried.push(`reference ${row.reference}`)
  if (row.receipt !== null) tried.push(`receipt ${row.receipt}`)
  if (row.phone !== null) tried.push(`phone ${row.phone} with this amount in the period`)
  if (row.unreadablePhone !== null) tried.push(`phone "${row.unreadablePhone}" (not a Kenyan mobile number)`)
  return tried.length === 0 ? 'The row has no reference, receipt or phone to match by.' : `No charge with ${tried.join(', or ')}.`
}

/** The period's charges by reference or receipt; built only when some row still needs it (~100,000 entries). */
function indexBy(charges: readonly ChargeRecord[], field: 'reference' | 'receipt'): Map<string, ChargeRecord> {
  const index = new Map<string, ChargeRecord>()
  for (const charge of charges) {
    const key = charge[field]
    if (key !== null) index.set(key, charge)
  }
  return index
}

/**
 * The period's charges by phone: a plain list, filtered by amount when a row asks. A period holds ~100,000
 * charges of ~45,000 phones; a map (or a key string) per phone and amount cost more than the lists.
 */
function phoneIndex(charges: readonly ChargeRecord[]): Map<string, ChargeRecord[]> {
  const byPhone = new Map<string, ChargeRecord[]>()
  for (const charge of charges) {
    if (charge.phone === null) continue
    const list = byPhone.get(charge.phone)
    if (list) list.push(charge)
    else byPhone.set(charge.phone, [charge])
  }
  return byPhone
}

/**
 * Reconciles the file's rows against the period's charges, in the order: merchant reference, then
 * receipt, then phone and amount; each paid charge matches one row. Returns every item: one per file row
 * (seq = its line), then the period's paid charges no row matched (missing_in_file, or duplicate when they
 * repeat a matched payment), seq after the last line, oldest first.
 */
export function matchFile(input: MatchInput): ReconciliationItemRecord[] {
  const progress: Progress = { items: new Array(input.rows.length), usedBy: new Map(), pointedTo: new Set() }
  matchNamed(input, progress)
  matchByPhone(input, progress)
  const rowItems = input.rows.map((row, i) => progress.items[i] ?? rowItem(row, 'missing_in_paydesk', null, missingNote(row)))
  const lastLine = input.rows.length === 0 ? 1 : input.rows[input.rows.length - 1]!.line
  return [...rowItems, ...chargeItems(input, progress.usedBy, progress.pointedTo, lastLine)]
}
