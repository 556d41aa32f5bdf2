import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'

/** Placeholder: the Settings screen (API keys, simulator, fees, sandbox reset) is issue 6, part 2. */
export function SettingsScreen() {
  return (
    <>
      <PageHeader title="Settings" description="API keys, simulator mode and clock, fees and sandbox reset." />
      <EmptyState title="This screen is being built">Settings arrive in the next part of the console.</EmptyState>
    </>
  )
}
