import { useState } from 'react'
import { useCustomers } from '../../api/hooks/customers'
import { DataTable } from '../../components/data-table/data-table'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { CUSTOMER_COLUMNS } from './customer-columns'
import { CustomerForm } from './customer-form'

/**
 * The simulated customers: their wallet, daily limit and status decide what a charge to their phone does
 * when nothing forces the outcome (docs/simulator.md "Simulated customers"). Shared by every organization
 * and environment, like real subscribers.
 */
export function CustomersScreen() {
  const customers = useCustomers()
  const [selected, setSelected] = useState<string | undefined>()
  const current = customers.data?.find((c) => c.phoneNumber === selected)
  return (
    <>
      <PageHeader title="Simulated customers" description="The simulator's pretend M-PESA customers, for testing (a real payer's history is under Search: type their phone number). A charge above the wallet fails with insufficient funds, above the daily limit with 4; blocked and unregistered numbers fail; a phone still showing a prompt answers 1001. Other numbers behave as before." />
      <div className="grid grid--main-side">
        <Panel title="Customers">
          <QueryView query={customers} loadingLabel="Loading customers…"
            empty={<EmptyState title="No simulated customers yet">Add one here, or list them under customers: in a scenario file.</EmptyState>}>
            {(items) => (
              <DataTable caption="Customers" columns={CUSTOMER_COLUMNS} data={items} getRowId={(c) => c.phoneNumber} preferencesKey="customers"
                onRowActivate={(c) => setSelected(c.phoneNumber)} isRowSelected={(c) => c.phoneNumber === selected} />
            )}
          </QueryView>
        </Panel>
        <Panel title={current ? `Customer ${current.name ?? current.phoneNumber}` : 'Add a customer'}>
          <CustomerForm selected={current} onSaved={setSelected} />
        </Panel>
      </div>
    </>
  )
}
