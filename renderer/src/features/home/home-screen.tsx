import { PageHeader } from '../../components/page-header'

export function HomeScreen() {
  return <PageHeader title="Home" />
}
