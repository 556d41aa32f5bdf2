import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { RequestsPage } from './pages/requests-page'
import { labelPattern } from './support/console-page'
import { SANDBOX_URL, TEST_API_KEY } from './support/sandbox'
import { sandboxApi } from './support/sandbox-http'

const api = sandboxApi()
const run = promisify(execFile)

/** Runs a "Copy as curl" command in a shell with the real key in the environment; answers the status and the body. */
async function runCurl(command: string): Promise<{ status: number; body: any }> {
  const { stdout } = await run('sh', ['-c', `${command} --silent --show-error --write-out '\\n%{http_code}'`], {
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', PAYDESK_API_KEY: TEST_API_KEY },
  })
  const cut = stdout.lastIndexOf('\n')
  return { status: Number(stdout.slice(cut + 1)), body: JSON.parse(stdout.slice(0, cut)) }
}

test('a refused request is found by its request id, opened, and "Copy as curl" run with the real key reproduces it', async ({ page }) => {
  const requests = new RequestsPage(page)
  // What an integration sent: an order reference as Idempotency-Key and an amount the API refuses.
  const body = { phoneNumber: '+254712345678', amount: 'lots', merchantTransactionId: `e2e-refused-${Date.now()}`, narration: "Joe's order" }
  const refused = await fetch(`${SANDBOX_URL}/v1/mobile/charge?source=e2e`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_API_KEY}`, 'Content-Type': 'application/json', 'Idempotency-Key': `order_${Date.now()}` },
    body: JSON.stringify(body),
  })
  expect(refused.status).toBe(400)
  const answer = (await refused.json()) as { error: { type: string; code: string; message: string; param: string; requestId: string } }
  const requestId = refused.headers.get('x-request-id')!
  expect(answer.error.requestId).toBe(requestId)

  await requests.open()
  await requests.filterByRequestId(requestId)
  await expect(requests.table.getByRole('row')).toHaveCount(2)
  await expect(requests.row(requestId)).toContainText('400')
  await requests.openRequest(requestId)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('POST /v1/mobile/charge')
  await expect(page.getByTestId('request-summary')).toContainText('400')
  await expect(page.getByTestId('request-warnings')).toContainText('idempotency-key-not-uuid')
  await expect(page.getByTestId('response-body')).toContainText(answer.error.message)
  await expect(page.getByTestId('request-body')).toContainText("Joe's order")
  await expect(page.getByRole('definition').filter({ hasText: 'Bearer sk_test_e2eD' })).toHaveCount(1)
  await requests.shell.screenshot('request-detail')

  const curl = await requests.curl()
  expect(curl).toContain('$PAYDESK_API_KEY')
  expect(curl).not.toContain(TEST_API_KEY)
  const again = await runCurl(curl)
  expect(again.status).toBe(400)
  expect({ ...again.body.error, requestId: undefined }).toEqual({ ...answer.error, requestId: undefined })
  // The reproduction is logged too, with the same request as sent.
  const original = (await api.console(`/console/requests/${requestId}`)).body.data
  const reproduced = (await api.console(`/console/requests/${again.body.error.requestId}`)).body.data
  expect(reproduced).toMatchObject({ method: 'POST', path: original.path, query: '?source=e2e', status: 400, keyPrefix: original.keyPrefix, idempotencyKey: original.idempotencyKey })
  expect(JSON.parse(reproduced.requestBody)).toEqual(JSON.parse(original.requestBody))

  // Back to the list: it updates live as the integration sends more.
  await page.getByRole('link', { name: 'All requests' }).click()
  await requests.clearFilters()
  await expect(requests.row(requestId)).toHaveCount(1)
  const next = await fetch(`${SANDBOX_URL}/v1/accounts?type=payouts`, { headers: { Authorization: `Bearer ${TEST_API_KEY}` } })
  expect(next.status).toBe(200)
  await expect(requests.row(next.headers.get('x-request-id')!)).toHaveCount(1)
  requests.shell.expectNoPageErrors()
})

test('transaction detail links to the requests that created and read it, and a request to its transaction and its webhook events', async ({ page }) => {
  const requests = new RequestsPage(page)
  const transactionId = await api.charge({ merchantTransactionId: `e2e-linked-${Date.now()}` })
  await api.v1(`/v1/transactions/${transactionId}`)
  await requests.shell.open(`/transactions/${transactionId}`)
  const linked = page.getByTestId('transaction-requests')
  await expect(linked.getByRole('listitem')).toHaveCount(2)
  await linked.getByRole('link', { name: 'POST /v1/mobile/charge' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('POST /v1/mobile/charge')
  // Once the charge has completed, the request also links to the webhook event it caused.
  await api.waitForStatus(transactionId, ['completed', 'settled'])
  const events = page.getByRole('list', { name: 'Webhook events of the transaction' })
  await expect(events.getByRole('link', { name: 'transaction.succeeded' })).toBeVisible()
  const eventId = (await api.console(`/console/webhooks/events?transactionId=${transactionId}&type=transaction.succeeded`)).body.data.items[0].id as string
  await page.getByTestId('request-transaction').click()
  await expect(page.getByTestId('transaction-id')).toHaveText(transactionId)
  await page.goBack()
  await events.getByRole('link', { name: 'transaction.succeeded' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Webhooks')
  await expect(page.getByRole('region', { name: `Webhook event ${eventId}` })).toBeVisible()
  requests.shell.expectNoPageErrors()
})

test('a list page\'s logged answer shows its first 8 KiB and its whole size; a charge\'s answer is shown whole', async ({ page }) => {
  const requests = new RequestsPage(page)
  // A page of 20+ transactions is over 8 KiB (~600 bytes a row), whatever the sandbox held before.
  const stamp = Date.now()
  let chargeId = ''
  for (let i = 0; i < 20; i++) chargeId = await api.charge({ merchantTransactionId: `e2e-long-page-${stamp}-${i}` })
  const day = new Date().toISOString().slice(0, 10)
  const list = await fetch(`${SANDBOX_URL}/v1/transactions?startDate=2000-01-01&endDate=${day}&limit=100`, { headers: { Authorization: `Bearer ${TEST_API_KEY}` } })
  expect(list.status).toBe(200)
  const wholeBytes = Buffer.byteLength(await list.text())
  expect(wholeBytes).toBeGreaterThan(8 * 1024)

  await requests.shell.open(`/requests/${list.headers.get('x-request-id')!}`)
  await expect(page.getByTestId('response-body-cut')).toHaveText(`First 8 KiB of ${wholeBytes.toLocaleString('en-US')} bytes: the log keeps the start of long bodies.`)
  await expect(page.getByTestId('response-body')).toContainText(`e2e-long-page-${stamp}-19`)
  await expect(page.getByTestId('response-body')).not.toContainText('[first 8 KiB')

  const charges = (await api.console(`/console/requests?transactionId=${chargeId}`)).body.data.items as { requestId: string; method: string }[]
  await requests.shell.open(`/requests/${charges.find((entry) => entry.method === 'POST')!.requestId}`)
  await expect(page.getByTestId('response-body')).toContainText(chargeId)
  await expect(page.getByTestId('response-body-cut')).toHaveCount(0)
  requests.shell.expectNoPageErrors()
})

test('strict request checks in Settings refuse a non-UUID Idempotency-Key, and switched off accept it again', async ({ page }) => {
  const requests = new RequestsPage(page)
  await requests.shell.open('/settings')
  const strict = page.getByRole('checkbox', { name: /Strict request checks/ })
  const charge = (key: string) => fetch(`${SANDBOX_URL}/v1/mobile/charge`, {
    method: 'POST', headers: { Authorization: `Bearer ${TEST_API_KEY}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify({ phoneNumber: '+254712345678', amount: 10_000, merchantTransactionId: `e2e-strict-${key}` }),
  })
  await strict.check()
  try {
    await expect.poll(async () => (await api.console('/console/developer-settings')).body.data.strictRequestChecks).toBe(true)
    expect((await charge(`order_${Date.now()}`)).status).toBe(400)
  } finally {
    await strict.uncheck()
  }
  await expect.poll(async () => (await api.console('/console/developer-settings')).body.data.strictRequestChecks).toBe(false)
  const accepted = await charge(`order_${Date.now()}b`)
  expect(accepted.status).toBe(202)
  expect(accepted.headers.get('paydesk-warning')).toContain('idempotency-key-not-uuid')
  await expect(page.getByLabel(labelPattern('Requests kept per environment'))).toHaveValue('50000')
  requests.shell.expectNoPageErrors()
})

test('the request log\'s size in Settings: a bound in megabytes is saved as bytes, a bound too small is refused in words', async ({ page }) => {
  const requests = new RequestsPage(page)
  const before = (await api.console('/console/developer-settings')).body.data as { requestLogMaxBytes: number }
  await requests.shell.open('/settings')
  const form = page.getByRole('form', { name: 'Request log size' })
  const size = form.getByLabel(labelPattern('Log size per environment (MiB)'))
  await expect(size).toHaveValue(String(before.requestLogMaxBytes / (1024 * 1024)))
  try {
    await size.fill('0.5')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(form.getByText(/must be from 1048576 \(1 MiB\) to/)).toBeVisible()
    expect((await api.console('/console/developer-settings')).body.data.requestLogMaxBytes).toBe(before.requestLogMaxBytes)
    await size.fill('96.5')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(form.getByRole('status')).toHaveText('Saved.')
    await expect.poll(async () => (await api.console('/console/developer-settings')).body.data.requestLogMaxBytes).toBe(Math.round(96.5 * 1024 * 1024))
  } finally {
    await api.console('/console/developer-settings', { method: 'PUT', body: { requestLogMaxBytes: before.requestLogMaxBytes } })
  }
  requests.shell.expectNoPageErrors()
})
