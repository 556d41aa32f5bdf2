import { PageHeader } from '../../components/page-header'

export function AccountsScreen() {
  return <PageHeader title="Accounts" />
}
