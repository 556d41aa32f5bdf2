import { formatMinor } from '../../../../shared/money'
import type { Transaction } from '../../../../shared/schemas/transaction'
import type { ReversalField } from '../../api/hooks/transactions'
import { PATHS } from '../../lib/paths'
import { Link, pathTo } from '../../lib/router'
import { dataTableColumns } from '../data-table/data-table-features'
import { Money } from '../money'
import { Tag, TransactionStatusBadge } from '../status-badge'
import { Timestamp } from '../timestamp'
import { isoInZone } from '../../lib/dates'
import type { CsvValue } from '../../../../shared/csv'
import { taxInvoiceNumberOf } from '../../../../shared/tax-invoice'
import { ShortId } from '../short-id'
import { ProviderMark } from '../provider-mark'
import { TRANSACTION_TYPE_LABELS } from '../../lib/transaction-labels'

/** A row of a transactions list: spec 2.1, plus the charge's reversal when the console knows of one. */
export type ListedTransaction = Transaction & ReversalField

const col = dataTableColumns<ListedTransaction>()

/** Every column of the list; the CSV export needs a value for each (TRANSACTION_CSV_VALUES). */
export type TransactionColumnId =
  | 'createdAt' | 'publicId' | 'merchantTransactionId' | 'type' | 'status' | 'amount' | 'fees' | 'chargedAmount' | 'accountType'
  | 'phoneNumber' | 'customerId' | 'processorReference' | 'taxInvoiceNumber' | 'narration' | 'message' | 'subMerchantId' | 'updatedAt'
const id = (value: TransactionColumnId) => value

/** Nullable text sorts as '' (TanStack's text sorts compare strings) and shows as a dash. */
const text = (value: string | null): string => value ?? ''
const dash = (value: string) => (value === '' ? '—' : value)
/** Long text (a 64-character merchant reference) cut to the column, whole on hover: it never pushes status and amount off screen. */
const CutText = ({ text: value }: { text: string }) => <span className="cell-cut" title={value}>{value}</span>

/** A missing amount sorts below every real one. */
const amount = (value: number | null): number => value ?? Number.NEGATIVE_INFINITY

/**
 * The Transactions screen's columns: every field a support or finance person filters or sorts by. Money
 * and times render through <Money/> and <Timestamp/>; sorting uses the raw values (minor units, epoch ms).
 * Module scope keeps them stable, as TanStack Table v9 requires.
 */
export const TRANSACTION_LIST_COLUMNS = col.columns([
  col.accessor('createdAt', { id: id('createdAt'), header: 'Created', meta: { label: 'Created' }, sortFn: 'basic', cell: (info) => <Timestamp ms={info.getValue()} compact /> }),
  col.accessor('publicId', {
    id: id('publicId'), header: 'Transaction', meta: { label: 'Transaction id' }, sortFn: 'text',
    cell: (info) => (
      // Out of the tab order: the row itself is the one Tab stop (Enter opens the same transaction).
      <Link to={pathTo(PATHS.transaction, { transactionId: info.getValue() })} onClick={(event) => event.stopPropagation()} tabIndex={-1}>
        <ShortId id={info.getValue()} />
        <ProviderMark />
      </Link>
    ),
  }),
  col.accessor((tx) => text(tx.merchantTransactionId), { id: id('merchantTransactionId'), header: 'Reference', meta: { label: 'Merchant reference' }, sortFn: 'alphanumeric', cell: (info) => <CutText text={dash(info.getValue())} /> }),
  col.accessor((tx) => TRANSACTION_TYPE_LABELS[tx.type], { id: id('type'), header: 'Type', meta: { label: 'Type' }, sortFn: 'text' }),
  col.accessor((tx) => (tx.reversal ? 'reversed' : tx.status), {
    id: id('status'), header: 'Status', meta: { label: 'Status' }, sortFn: 'text', cell: (info) => <TransactionStatusBadge tx={info.row.original} />,
  }),
  col.accessor((tx) => amount(tx.amount), { id: id('amount'), header: 'Amount', meta: { label: 'Amount', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.row.original.amount} /> }),
  col.accessor((tx) => amount(tx.fees), { id: id('fees'), header: 'Fees', meta: { label: 'Fees', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.row.original.fees} /> }),
  col.accessor((tx) => amount(tx.chargedAmount), { id: id('chargedAmount'), header: 'Charged', meta: { label: 'Charged amount', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.row.original.chargedAmount} /> }),
  col.accessor('accountType', { id: id('accountType'), header: 'Account', meta: { label: 'Account type' }, sortFn: 'text', cell: (info) => <Tag tone={info.getValue() === 'collections' ? 'success' : 'info'}>{info.getValue()}</Tag> }),
  col.accessor((tx) => text(tx.phoneNumber), { id: id('phoneNumber'), header: 'Phone', meta: { label: 'Phone' }, sortFn: 'text', cell: (info) => dash(info.getValue()) }),
  col.accessor((tx) => text(tx.customerId), { id: id('customerId'), header: 'Customer', meta: { label: 'Customer id' }, sortFn: 'alphanumeric', cell: (info) => dash(info.getValue()) }),
  col.accessor((tx) => text(tx.processorReference), { id: id('processorReference'), header: 'Receipt', meta: { label: 'Receipt' }, sortFn: 'text', cell: (info) => dash(info.getValue()) }),
  col.accessor((tx) => text(taxInvoiceNumberOf(tx.metadata)), { id: id('taxInvoiceNumber'), header: 'Tax invoice', meta: { label: 'Tax invoice number' }, sortFn: 'alphanumeric', cell: (info) => <CutText text={dash(info.getValue())} /> }),
  col.accessor((tx) => text(tx.narration), { id: id('narration'), header: 'Narration', meta: { label: 'Narration' }, sortFn: 'text', cell: (info) => dash(info.getValue()) }),
  col.accessor((tx) => text(tx.message), { id: id('message'), header: 'Message', meta: { label: 'Message' }, sortFn: 'text', cell: (info) => dash(info.getValue()) }),
  col.accessor((tx) => text(tx.subMerchantId), { id: id('subMerchantId'), header: 'Sub-merchant', meta: { label: 'Sub-merchant id' }, sortFn: 'text', cell: (info) => dash(info.getValue()) }),
  col.accessor('updatedAt', { id: id('updatedAt'), header: 'Updated', meta: { label: 'Updated' }, sortFn: 'basic', cell: (info) => <Timestamp ms={info.getValue()} compact /> }),
])

/** Shown until the user picks columns (the rest is one click away in the Columns menu). */
export const TRANSACTION_LIST_HIDDEN: readonly TransactionColumnId[] = ['fees', 'chargedAmount', 'accountType', 'customerId', 'processorReference', 'narration', 'message', 'subMerchantId', 'updatedAt']
/** Hidden too on a narrow window, so date, reference, status, amount and phone fit without scrolling sideways (the row opens the transaction). */
export const TRANSACTION_LIST_NARROW_HIDDEN: readonly TransactionColumnId[] = ['publicId', 'type', 'taxInvoiceNumber']

/** Money in a CSV: a plain decimal in major units (1250.00), which spreadsheets read as a number. */
const csvMoney = (minor: number | null): CsvValue => (minor === null ? null : formatMinor(minor).replace(/,/g, ''))
const csvTime = (ms: number): CsvValue => isoInZone(ms)

/**
 * Each column's value in the CSV export, by column id: machine-readable (ISO times, decimal amounts,
 * API status and type names) rather than the on-screen formatting. Keyed by TransactionColumnId, so a new
 * column without an export value does not compile.
 */
export const TRANSACTION_CSV_VALUES: Record<TransactionColumnId, (tx: ListedTransaction) => CsvValue> = {
  createdAt: (tx) => csvTime(tx.createdAt),
  publicId: (tx) => tx.publicId,
  merchantTransactionId: (tx) => tx.merchantTransactionId,
  type: (tx) => tx.type,
  status: (tx) => tx.status,
  amount: (tx) => csvMoney(tx.amount),
  fees: (tx) => csvMoney(tx.fees),
  chargedAmount: (tx) => csvMoney(tx.chargedAmount),
  accountType: (tx) => tx.accountType,
  phoneNumber: (tx) => tx.phoneNumber,
  customerId: (tx) => tx.customerId,
  processorReference: (tx) => tx.processorReference,
  taxInvoiceNumber: (tx) => taxInvoiceNumberOf(tx.metadata),
  narration: (tx) => tx.narration,
  message: (tx) => tx.message,
  subMerchantId: (tx) => tx.subMerchantId,
  updatedAt: (tx) => csvTime(tx.updatedAt),
}
