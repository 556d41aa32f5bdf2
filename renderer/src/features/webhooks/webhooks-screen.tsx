import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'

/** Placeholder: the Webhooks screen (delivery log, resend, endpoint settings) is issue 6, part 2. */
export function WebhooksScreen() {
  return (
    <>
      <PageHeader title="Webhooks" description="Deliveries of events to your endpoints, with retries and resend." />
      <EmptyState title="This screen is being built">The webhook log arrives in the next part of the console.</EmptyState>
    </>
  )
}
