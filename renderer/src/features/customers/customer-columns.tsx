import type { Customer } from '../../../../shared/schemas/customers'
import { dataTableColumns } from '../../components/data-table/data-table-features'
import { Money } from '../../components/money'
import { Tag } from '../../components/status-badge'

const col = dataTableColumns<Customer>()

const STATUS_TONE = { active: 'success', blocked: 'danger', unregistered: 'neutral' } as const

export const CUSTOMER_COLUMNS = col.columns([
  col.accessor('name', { header: 'Name', meta: { label: 'Name', wrap: true }, cell: (info) => info.getValue() ?? '—' }),
  col.accessor('phoneNumber', { header: 'Phone', meta: { label: 'Phone' }, cell: (info) => <code>{info.getValue()}</code> }),
  col.accessor('status', { header: 'Status', meta: { label: 'Status' }, cell: (info) => <Tag tone={STATUS_TONE[info.getValue()]}>{info.getValue()}</Tag> }),
  col.accessor('balance', { header: 'Wallet', meta: { label: 'Wallet balance', align: 'end' }, cell: (info) => <Money minor={info.getValue()} /> }),
  col.accessor('spentToday', { header: 'Paid today', meta: { label: 'Paid today', align: 'end' }, cell: (info) => <Money minor={info.getValue()} /> }),
  col.accessor('dailyLimit', { header: 'Daily limit', meta: { label: 'Daily limit', align: 'end' }, cell: (info) => <Money minor={info.getValue()} /> }),
  col.accessor('promptTransactionId', { header: 'Prompt', meta: { label: 'Prompt showing' }, cell: (info) => (info.getValue() ? 'Showing' : '—') }),
])
