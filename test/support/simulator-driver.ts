import { isErrorEnvelope, type ServiceResponse } from '../../shared/api/envelope'
import type { RouteData, RouteId, RouteInput } from '../../shared/api/routes'
import type { Environment } from '../../shared/schemas/common'
import type { WebhookTransport } from '../../electron/service'
import type { TransactionRow } from '../../electron/service/db/rows'
import { CONSOLE_TOKEN, TEST_KEY, type TestService } from './harness'
import { SETTINGS } from '../../electron/service/db/settings-registry'

/**
 * Drives an in-process engine through its public surface (`service.call`) the way the HTTP adapter does:
 * API routes with the test key, console routes with the console token. Takes a getter so tests that
 * restart the service keep one driver.
 */
export function serviceDriver(current: () => TestService) {
  function api<Id extends RouteId>(id: Id, input: RouteInput<Id>, bearer = TEST_KEY): ServiceResponse<RouteData<Id>> {
    return current().call(id, input, { bearer }) as ServiceResponse<RouteData<Id>>
  }
  function consoleCall<Id extends RouteId>(id: Id, input: RouteInput<Id>, environment: Environment = 'test'): ServiceResponse<RouteData<Id>> {
    return current().call(id, input, { bearer: CONSOLE_TOKEN, environment }) as ServiceResponse<RouteData<Id>>
  }
  /** The `data` of a successful answer; throws with the error body otherwise. */
  function ok<T>(response: ServiceResponse<T>): T {
    if (isErrorEnvelope(response.body)) throw new Error(`expected success, got ${response.status}: ${JSON.stringify(response.body.error)}`)
    return response.body.data
  }
  return {
    api,
    console: consoleCall,
    ok,
    transaction(transactionId: string) {
      return ok(api('transactions.get', { query: { transactionId } }))
    },
    /** The stored row, for columns the API does not show (result_code, due_at, related_id). */
    row(transactionId: string): TransactionRow {
      const store = current().internals.store
      const organizationId = store.settings.get(SETTINGS.demoOrganizationId)!
      const row = store.transactions.getByPublicId(organizationId, 'test', transactionId)
      if (!row) throw new Error(`no transaction ${transactionId}`)
      return row
    },
    /** Webhook events written to the outbox for a transaction, parsed. */
    webhookEvents(transactionId: string): { type: string; data: Record<string, unknown>; error?: { code: string; message: string } }[] {
      const store = current().internals.store
      return store.webhooks.eventsOfTransaction(this.row(transactionId).id).map((event) => JSON.parse(event.payload))
    },
    /** Default-scope account of a type in the test environment. */
    account(type: 'collections' | 'payouts') {
      const found = ok(api('accounts.list', { query: { type, scope: 'default' } })).items[0]
      if (!found) throw new Error(`no default ${type} account`)
      return found
    },
  }
}
export type ServiceDriver = ReturnType<typeof serviceDriver>

/** Acknowledges every webhook at once, so tests never reach the network (the URLs they use are fake). */
export const acknowledgingTransport: WebhookTransport = async () => ({ status: 200, bodyPrefix: 'ok' })

let counter = 0
/** A unique merchantTransactionId. */
export function reference(prefix: string): string {
  counter += 1
  return `${prefix}-${counter}`
}
