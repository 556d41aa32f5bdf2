import { PageHeader } from '../../components/page-header'

export function PayoutsScreen() {
  return <PageHeader title="Payouts" />
}
