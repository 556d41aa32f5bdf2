import type { SettlementReport, StatementLine } from '../../../../shared/schemas/console-support'
import { dataTableColumns } from '../../components/data-table/data-table-features'
import { Money } from '../../components/money'
import { Timestamp } from '../../components/timestamp'
import { formatDay } from '../../lib/dates'
import { ShortId } from '../../components/short-id'
import { TRANSACTION_TYPE_LABELS } from '../../lib/transaction-labels'
import { Link } from '../../lib/router'
import { transactionPath } from '../../lib/search-options'

export type LineRow = StatementLine & { key: string }
const line = dataTableColumns<LineRow>()
/** The statement's lines: what moved, and both buckets' running balances after it. */
export const STATEMENT_LINE_COLUMNS = line.columns([
  line.accessor('at', { id: 'at', header: 'When', meta: { label: 'When' }, sortFn: 'basic', cell: (info) => <Timestamp ms={info.getValue()} compact /> }),
  line.accessor('transactionId', { id: 'transactionId', header: 'Transaction', meta: { label: 'Transaction' }, sortFn: 'text',
    cell: (info) => <Link to={transactionPath(info.getValue())}><ShortId id={info.getValue()} /></Link> }),
  line.accessor('type', { id: 'type', header: 'Type', meta: { label: 'Type' }, sortFn: 'text', cell: (info) => TRANSACTION_TYPE_LABELS[info.getValue()] }),
  line.accessor('reference', { id: 'reference', header: 'Reference', meta: { label: 'Reference' }, sortFn: 'text', cell: (info) => info.getValue() ?? '—' }),
  line.accessor('description', { id: 'description', header: 'Movement', meta: { label: 'Movement' }, sortFn: 'text' }),
  line.accessor('available', { id: 'available', header: 'Available', meta: { label: 'Available change', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.getValue()} signed /> }),
  line.accessor('pending', { id: 'pending', header: 'Pending', meta: { label: 'Pending change', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.getValue()} signed /> }),
  line.accessor('fee', { id: 'fee', header: 'Fee', meta: { label: 'Fee', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.getValue()} /> }),
  line.accessor((row) => row.balance.available, { id: 'balanceAvailable', header: 'Balance (available)', meta: { label: 'Available balance', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.getValue()} /> }),
  line.accessor((row) => row.balance.pending, { id: 'balancePending', header: 'Balance (pending)', meta: { label: 'Pending balance', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.getValue()} /> }),
])

type Day = SettlementReport['days'][number]
const day = dataTableColumns<Day>()
/** The daily settlement report's columns. */
export const SETTLEMENT_DAY_COLUMNS = day.columns([
  day.accessor('day', { id: 'day', header: 'Day', meta: { label: 'Day' }, sortFn: 'text', cell: (info) => formatDay(info.getValue()) }),
  day.accessor((row) => row.chargesCompleted.amount, { id: 'charges', header: 'Charges completed', meta: { label: 'Charges completed', align: 'end' }, sortFn: 'basic',
    cell: (info) => <><Money minor={info.getValue()} /> <span className="top-bar__meta">({info.row.original.chargesCompleted.count})</span></> }),
  day.accessor('fees', { id: 'fees', header: 'Fees', meta: { label: 'Fees', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.getValue()} /> }),
  day.accessor('settled', { id: 'settled', header: 'Settled to available', meta: { label: 'Settled', align: 'end' }, sortFn: 'basic', cell: (info) => <Money minor={info.getValue()} /> }),
  day.accessor((row) => row.payouts.amount, { id: 'payouts', header: 'Payouts', meta: { label: 'Payouts', align: 'end' }, sortFn: 'basic',
    cell: (info) => <><Money minor={info.getValue()} /> <span className="top-bar__meta">({info.row.original.payouts.count})</span></> }),
  day.accessor((row) => row.reversals.amount, { id: 'reversals', header: 'Reversals', meta: { label: 'Reversals', align: 'end' }, sortFn: 'basic',
    cell: (info) => <><Money minor={info.getValue()} /> <span className="top-bar__meta">({info.row.original.reversals.count})</span></> }),
  day.accessor((row) => row.collectionsClosing.available + row.collectionsClosing.pending, { id: 'closing', header: 'Collections at day end', meta: { label: 'Collections balance', align: 'end' }, sortFn: 'basic',
    cell: (info) => <span title={`available ${info.row.original.collectionsClosing.available / 100}, pending ${info.row.original.collectionsClosing.pending / 100}`}><Money minor={info.getValue()} /></span> }),
])
