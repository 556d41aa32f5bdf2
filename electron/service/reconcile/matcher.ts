import type { ChargeRecord } from '../db/reconciliations-repo'
import type { ReconciliationItemRecord } from '../db/reconciliation-items-repo'
import type { FileRow } from './file-rows'
import { chargeItems } from './charge-items'
import type { MatchInput } from './match-input'
import { unpaidNote, isPaid } from './paid'

/** What the passes over the rows decided so far: each row's item, each paid charge's row. */
interface Progress {
  items: (ReconciliationItemRecord | undefined)[]
  /** Paid charge id -> the line of the row it matched (each match used once). */
  usedBy: Map<string, number>
  /** Unpaid charges a row points to: an exception of the row, never missing in the file. */
  pointedTo: Set<string>
}

function rowItem(row: FileRow, fields: Partial<ReconciliationItemRecord> & Pick<ReconciliationItemRecord, 'kind'>): ReconciliationItemRecord {
  return {
    seq: row.line, line: row.line, transaction_id: null, file_amount: row.amount, paydesk_amount: null, candidates: [], note: null, manual: false, ...fields,
  }
}

/** The row's item once a reference or receipt named `charge`. */
function named(input: MatchInput, progress: Progress, row: FileRow, charge: ChargeRecord, by: string): ReconciliationItemRecord {
  const found = { transaction_id: charge.id, paydesk_amount: charge.amount }
  if (!isPaid(charge)) {
    progress.pointedTo.add(charge.id)
    return rowItem(row, { kind: 'missing_in_paydesk', ...found, note: unpaidNote(charge) })
  }
  const earlier = progress.usedBy.get(charge.id)
  if (earlier !== undefined) return rowItem(row, { kind: 'duplicate', ...found, candidates: [charge.id], note: `The same payment as line ${earlier} (by ${by}).` })
  progress.usedBy.set(charge.id, row.line)
  const outside = input.inPeriod(charge.createdAt) ? null : `Paid on ${input.dayOf(charge.createdAt)}, outside the period.`
  if (charge.amount === row.amount) return rowItem(row, { kind: 'matched', ...found, note: outside })
  return rowItem(row, { kind: 'amount_mismatch', ...found, note: outside })
}

/** Pass 1 and 2: a merchant reference, then a receipt, names one charge (in the period, else by index). */
function matchNamed(input: MatchInput, progress: Progress, byReference: Map<string, ChargeRecord>, byReceipt: Map<string, ChargeRecord>): void {
  input.rows.forEach((row, i) => {
    if (row.reference === null) return
    const charge = byReference.get(row.reference) ?? input.lookup.byReference(row.reference)
    if (charge) progress.items[i] = named(input, progress, row, charge, 'reference')
  })
  input.rows.forEach((row, i) => {
    if (progress.items[i] || row.receipt === null) return
    const charge = byReceipt.get(row.receipt) ?? input.lookup.byReceipt(row.receipt)
    if (charge) progress.items[i] = named(input, progress, row, charge, 'receipt')
  })
}

/** Pass 3: phone and amount within the period, taken only when exactly one unused paid charge fits. */
function matchByPhone(input: MatchInput, progress: Progress, byPhoneAmount: Map<string, ChargeRecord[]>): void {
  input.rows.forEach((row, i) => {
    if (progress.items[i] || row.phone === null) return
    let fits = (byPhoneAmount.get(`${row.phone}|${row.amount}`) ?? []).filter((charge) => isPaid(charge) && !progress.usedBy.has(charge.id))
    // A date on the row narrows the candidates to that day, when any was paid on it.
    if (fits.length > 1 && row.day !== null) {
      const sameDay = fits.filter((charge) => input.dayOf(charge.createdAt) === row.day)
      if (sameDay.length > 0) fits = sameDay
    }
    if (fits.length === 1) {
      const charge = fits[0]!
      progress.usedBy.set(charge.id, row.line)
      progress.items[i] = rowItem(row, { kind: 'matched', transaction_id: charge.id, paydesk_amount: charge.amount, note: 'Matched by phone and amount.' })
    } else if (fits.length > 1) {
      const candidates = fits.map((charge) => charge.id)
      progress.items[i] = rowItem(row, { kind: 'ambiguous', candidates, note: `${fits.length} payments from this phone of this amount in the period: match one by hand.` })
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

function indexCharges(charges: readonly ChargeRecord[]) {
  const byReference = new Map<string, ChargeRecord>()
  const byReceipt = new Map<string, ChargeRecord>()
  const byPhoneAmount = new Map<string, ChargeRecord[]>()
  for (const charge of charges) {
    if (charge.reference !== null) byReference.set(charge.reference, charge)
    if (charge.receipt !== null) byReceipt.set(charge.receipt, charge)
    if (charge.phone !== null) {
      const key = `${charge.phone}|${charge.amount}`
      const list = byPhoneAmount.get(key)
      if (list) list.push(charge)
      else byPhoneAmount.set(key, [charge])
    }
  }
  return { byReference, byReceipt, byPhoneAmount }
}

/**
 * Reconciles the file's rows against the period's charges, in the order: merchant reference, then
 * receipt, then phone and amount; each paid charge matches one row. Returns every item: one per file row
 * (seq = its line), then the period's paid charges no row matched (missing_in_file, or duplicate when they
 * repeat a matched payment), seq after the last line, oldest first.
 */
export function matchFile(input: MatchInput): ReconciliationItemRecord[] {
  const progress: Progress = { items: new Array(input.rows.length), usedBy: new Map(), pointedTo: new Set() }
  const index = indexCharges(input.charges)
  matchNamed(input, progress, index.byReference, index.byReceipt)
  matchByPhone(input, progress, index.byPhoneAmount)
  const rowItems = input.rows.map((row, i) => progress.items[i] ?? rowItem(row, { kind: 'missing_in_paydesk', note: missingNote(row) }))
  const lastLine = input.rows.length === 0 ? 1 : input.rows[input.rows.length - 1]!.line
  return [...rowItems, ...chargeItems(input, progress.usedBy, progress.pointedTo, lastLine)]
}
