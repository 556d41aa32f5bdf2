import { expect, type APIRequestContext } from '@playwright/test'
import { CONSOLE_TOKEN } from './sandbox'

const headers = { Authorization: `Bearer ${CONSOLE_TOKEN}`, 'Paydesk-Environment': 'test' }

/** Test setup through the console API, not the UI: switch the simulator mode (console.simulator.update). */
export async function setSimulatorMode(request: APIRequestContext, mode: 'fast' | 'realistic' | 'interactive'): Promise<void> {
  const response = await request.put('/console/simulator', { headers, data: { mode } })
  expect(response.status()).toBe(200)
}

/** Adds (or changes) a simulated customer (console.customers.put). */
export async function putCustomer(request: APIRequestContext, phone: string, body: Record<string, unknown>): Promise<void> {
  const response = await request.put(`/console/customers/${phone}`, { headers, data: body })
  expect(response.status()).toBe(200)
}

/** Removes a simulated customer again (console.customers.delete); a customer already gone is fine. */
export async function removeCustomer(request: APIRequestContext, phone: string): Promise<void> {
  const response = await request.delete(`/console/customers/${phone}`, { headers })
  expect([200, 404]).toContain(response.status())
}
