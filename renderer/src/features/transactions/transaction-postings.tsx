import type { Account } from '../../../../shared/schemas/account'
import type { TransactionDetail } from '../../../../shared/schemas/console-transactions'
import { useAccounts } from '../../api/hooks/accounts'
import { DataTable } from '../../components/data-table/data-table'
import { dataTableColumns } from '../../components/data-table/data-table-features'
import { Money } from '../../components/money'
import { Timestamp } from '../../components/timestamp'

type Posting = TransactionDetail['postings'][number] & { key: string; accountName: string }

/**
 * The ledger's system accounts are not listed by GET /v1/accounts; their kind is the account number's
 * second digit (electron/service/seed/provisioning.ts: 8 = external world, 9 = provider fees).
 */
function accountName(accountNo: string, accounts: readonly Account[]): string {
  const own = accounts.find((account) => account.accountNo === accountNo)
  if (own) return own.name
  if (accountNo[1] === '8') return 'External (customers and banks)'
  if (accountNo[1] === '9') return 'Provider fees'
  return 'System account'
}

const col = dataTableColumns<Posting>()
const COLUMNS = col.columns([
  col.accessor('accountNo', { id: 'accountNo', header: 'Account', meta: { label: 'Account' }, sortFn: 'text', cell: (info) => <code>{info.getValue()}</code> }),
  col.accessor('accountName', { id: 'accountName', header: 'Name', meta: { label: 'Account name' }, sortFn: 'text' }),
  col.accessor('bucket', { id: 'bucket', header: 'Balance', meta: { label: 'Balance bucket' }, sortFn: 'text' }),
  col.accessor('amount', { id: 'amount', header: 'Amount', meta: { label: 'Amount', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.getValue()} signed /> }),
  col.accessor('at', { id: 'at', header: 'Posted', meta: { label: 'Posted' }, sortFn: 'basic', cell: (info) => <Timestamp ms={info.getValue()} /> }),
])
const postingKey = (posting: Posting) => posting.key

/** The double-entry postings of the transaction: credits positive, debits negative; they sum to zero. */
export function TransactionPostings({ postings }: { postings: TransactionDetail['postings'] }) {
  const accounts = useAccounts()
  const rows = postings.map((posting, index) => ({ ...posting, key: String(index), accountName: accountName(posting.accountNo, accounts.data ?? []) }))
  if (rows.length === 0) {
    return <p className="form__note">No money moved for this transaction (refused, failed before any reservation, or still waiting).</p>
  }
  const total = postings.reduce((sum, posting) => sum + posting.amount, 0)
  return (
    <div className="stack">
      <div className="panel-flush">
        <DataTable caption="Ledger postings" columns={COLUMNS} data={rows} getRowId={postingKey} preferencesKey="transaction.postings" />
      </div>
      <p className="form__note">Postings sum to <Money minor={total} /> (every movement is balanced).</p>
    </div>
  )
}
