import { useState } from 'react'
import { useAccounts } from '../../api/hooks/accounts'
import { DataTable } from '../../components/data-table/data-table'
import { EmptyState } from '../../components/empty-state'
import { SelectField } from '../../components/fields/select-field'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { useAccountFiltersStore } from '../../stores/account-filters-store'
import { ACCOUNT_COLUMNS } from './account-columns'
import { BalancePanel } from './balance-panel'

const HIDDEN_COLUMNS = ['default']

/** The organization's accounts in this environment, filtered by type and scope, with one account's balance. */
export function AccountsScreen() {
  const filters = useAccountFiltersStore((state) => state.filters)
  const setFilters = useAccountFiltersStore((state) => state.setFilters)
  const accounts = useAccounts(filters)
  const [selected, setSelected] = useState<string | undefined>()

  return (
    <>
      <PageHeader title="Accounts" description="Collections accounts receive charges; payouts accounts fund B2C, B2B and bank transfers. Shortcode accounts belong to one of your shortcodes." />
      <div className="stack">
        <Panel title="Accounts">
          <div className="stack">
            <div className="filters" role="group" aria-label="Filters">
              <SelectField label="Type" markOptional={false} value={filters.type ?? ''} placeholder="All types"
                options={[{ value: 'collections', label: 'Collections' }, { value: 'payouts', label: 'Payouts' }]}
                onChange={(v) => setFilters({ type: v === '' ? undefined : (v as 'collections' | 'payouts') })} />
              <SelectField label="Scope" markOptional={false} value={filters.scope ?? ''} placeholder="All scopes"
                options={[{ value: 'default', label: 'Default' }, { value: 'shortcode', label: 'Shortcode' }]}
                onChange={(v) => setFilters({ scope: v === '' ? undefined : (v as 'default' | 'shortcode') })} />
            </div>
            <QueryView query={accounts} loadingLabel="Loading accounts…" empty={<EmptyState title="No account matches these filters" />}>
              {(items) => (
                <DataTable caption="Accounts" columns={ACCOUNT_COLUMNS} data={items} getRowId={(a) => a.accountNo}
                  preferencesKey="accounts" initialHidden={HIDDEN_COLUMNS} onRowActivate={(a) => setSelected(a.accountNo)} isRowSelected={(a) => a.accountNo === selected} />
              )}
            </QueryView>
          </div>
        </Panel>
        <BalancePanel accountNo={selected} />
      </div>
    </>
  )
}
