import { CONSOLE_TOKEN, LIVE_KEY, ref, type TestServer } from '../support/harness'

/** Shared request bodies and small helpers for the HTTP tests. Each body gets a fresh merchantTransactionId. */

export const DEMO_SHORTCODE = '600100'
/** Wide enough for every fake-clock date the tests use. */
export const ALL_TIME = 'startDate=2020-01-01&endDate=2035-12-31'

export function chargeBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: ref('chg'), ...extra }
}

export function b2cBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { phoneNumber: '254712345678', amount: 100_000, merchantTransactionId: ref('b2c'), ...extra }
}

export function b2bBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { merchantTransactionId: ref('b2b'), amount: 200_000, accountNumber: '123456', accountNumberType: 'till', ...extra }
}

export function bankTransferBody(senderAccountNo: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    merchantTransactionId: ref('bank'),
    senderAccountNo,
    senderAddress: '1 Moi Avenue, Nairobi',
    beneficiaryBankCode: '01',
    beneficiaryBankName: 'Kenya Commercial Bank',
    beneficiaryAccountId: '1234567890',
    beneficiaryAccountCcy: 'KES',
    beneficiaryName: 'Jane Wanjiku',
    amount: 500_000,
    narration: 'Supplier invoice 42',
    paymentChannel: 'INSTANTBANK',
    ...extra,
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
export const live = bearer(LIVE_KEY)
export const consoleAuth = (environment: 'test' | 'live' = 'test') => ({ ...bearer(CONSOLE_TOKEN), 'paydesk-environment': environment })

export interface AccountView {
  type: string
  accountNo: string
  available: number
  pending: number
  shortcodeId: string | null
}

/** The caller's accounts (the key in `headers`, default the test key). */
export async function accounts(server: TestServer, headers: Record<string, string> = {}): Promise<AccountView[]> {
  const response = await server.request('GET', '/v1/accounts', { headers })
  if (response.status !== 200) throw new Error(`GET /v1/accounts answered ${response.status}`)
  return response.body.data.items as AccountView[]
}

/** The default-scope account of a type. */
export async function defaultAccount(server: TestServer, type: 'collections' | 'payouts', headers: Record<string, string> = {}): Promise<AccountView> {
  const found = (await accounts(server, headers)).find((a) => a.type === type && a.shortcodeId === null)
  if (!found) throw new Error(`no default ${type} account`)
  return found
}

export async function balanceOf(server: TestServer, accountNo: string, headers: Record<string, string> = {}): Promise<{ available: number; pending: number }> {
  const response = await server.request('GET', `/v1/balance?accountNo=${accountNo}`, { headers })
  if (response.status !== 200) throw new Error(`GET /v1/balance answered ${response.status}`)
  return { available: response.body.data.available, pending: response.body.data.pending }
}

/** Creates an organization through the console route and returns its keys. */
export async function createOrganization(server: TestServer, name: string, enterprise = false): Promise<{ id: string; testKey: string; liveKey: string }> {
  const response = await server.request('POST', '/console/organizations', { headers: bearer(CONSOLE_TOKEN), body: { name, enterprise } })
  if (response.status !== 201) throw new Error(`console.organizations.create answered ${response.status}: ${JSON.stringify(response.body)}`)
  return { id: response.body.data.id, testKey: response.body.data.testKey, liveKey: response.body.data.liveKey }
}

/** The `error` object of an error envelope; throws (failing the test) when the body is not one. */
export function errorOf(body: unknown): { type: string; code: string; message: string; param: string | null; requestId: string } {
  if (typeof body !== 'object' || body === null || !('error' in body)) throw new Error(`not an error envelope: ${JSON.stringify(body)}`)
  return (body as { error: { type: string; code: string; message: string; param: string | null; requestId: string } }).error
}
