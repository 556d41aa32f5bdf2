import { PageHeader } from '../../components/page-header'

export function BankTransferScreen() {
  return <PageHeader title="Bank transfers" />
}
