import { PageHeader } from '../../components/page-header'

export function ChargesScreen() {
  return <PageHeader title="Charges" />
}
