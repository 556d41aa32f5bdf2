import type { Scope } from '../core/principal'
import type { Unit } from '../core/unit'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import { sha256Hex } from '../core/ids'
import { checkRows, type CheckedRow } from './check-rows'
import { parsePayoutFile } from './parse-file'
import { DEFAULT_TARIFF } from '../domain/fees'

/**
 * The same file uploaded again is the same content: line ends and trailing blank lines do not make a
 * different file (a spreadsheet saved twice may differ only there).
 */
export function fileHashOf(csv: string): string {
  return sha256Hex(csv.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').replace(/\s+$/, ''))
}

/**
 * POST /console/payout-batches: reads and checks the file, then stores the batch and every row (valid
 * or not, with its reasons) in one transaction. Nothing is paid: the batch is a `draft`, or `invalid`
 * when no row is valid. A file uploaded before in this environment is marked `duplicateOf` the first.
 */
export function createBatch(unit: Unit, scope: Scope, input: { name: string; csv: string }): { batch: PayoutBatchRecord; rows: CheckedRow[] } {
  const { organizationId, environment } = scope
  const file = parsePayoutFile(input.csv)
  const account = unit.store.accounts.resolve(organizationId, environment, 'payouts')
  const publicId = unit.ids.payoutBatch()
  const rows = checkRows({ store: unit.store, organizationId, environment, tariff: unit.store.organizations.get(organizationId)!.fee_tariff ?? DEFAULT_TARIFF, batchId: publicId }, file.rows)
  const valid = rows.filter((row) => row.state === 'valid')
  const fileHash = fileHashOf(input.csv)
  const earlier = unit.store.payoutBatches.firstWithHash(organizationId, environment, fileHash)
  const batch = unit.store.payoutBatches.insert({
    public_id: publicId, organization_id: organizationId, environment, account_id: account.id, name: input.name,
    status: valid.length === 0 ? 'invalid' : 'draft', file_hash: fileHash, duplicate_of: earlier?.public_id ?? null,
    row_count: rows.length, valid_rows: valid.length, amount: valid.reduce((sum, row) => sum + row.amount!, 0),
    fees: valid.reduce((sum, row) => sum + row.fee!, 0), unused_columns: file.unusedColumns, created_at: unit.now, updated_at: unit.now,
  })
  unit.store.payoutBatchRows.insert(batch.id, rows)
  // The preview answers the rows as checked: nothing was sent yet, so reading them back would add nothing.
  return { batch, rows }
}
