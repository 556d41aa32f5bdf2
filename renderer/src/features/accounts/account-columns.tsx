import type { Account } from '../../../../shared/schemas/account'
import { dataTableColumns } from '../../components/data-table/data-table-features'
import { Money } from '../../components/money'
import { Tag } from '../../components/status-badge'

const col = dataTableColumns<Account>()

export const ACCOUNT_COLUMNS = col.columns([
  col.accessor('name', { header: 'Account', meta: { label: 'Account', wrap: true } }),
  col.accessor('accountNo', { header: 'Number', meta: { label: 'Account number' }, cell: (info) => <code>{info.getValue()}</code> }),
  col.accessor('type', { header: 'Type', meta: { label: 'Type' }, cell: (info) => <Tag tone={info.getValue() === 'collections' ? 'success' : 'info'}>{info.getValue()}</Tag> }),
  col.accessor((account) => (account.shortcodeId ? `shortcode ${account.shortcodeId}` : 'default'), {
    id: 'scope', header: 'Scope', meta: { label: 'Scope' },
  }),
  col.accessor('default', { header: 'Default', meta: { label: 'Default' }, cell: (info) => (info.getValue() ? 'Yes' : 'No') }),
  col.accessor('status', { header: 'Status', meta: { label: 'Status' } }),
  col.accessor('available', { header: 'Available', meta: { label: 'Available', align: 'end' }, cell: (info) => <Money minor={info.getValue()} currency={info.row.original.currency} /> }),
  col.accessor('pending', { header: 'Pending', meta: { label: 'Pending', align: 'end' }, cell: (info) => <Money minor={info.getValue()} currency={info.row.original.currency} /> }),
])
