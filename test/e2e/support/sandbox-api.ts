import { expect, type APIRequestContext } from '@playwright/test'
import { CONSOLE_TOKEN } from './sandbox'

const headers = { Authorization: `Bearer ${CONSOLE_TOKEN}`, 'Paydesk-Environment': 'test' }

/** Test setup through the console API, not the UI: switch the simulator mode (console.simulator.update). */
export async function setSimulatorMode(request: APIRequestContext, mode: 'fast' | 'realistic' | 'interactive'): Promise<void> {
  const response = await request.put('/console/simulator', { headers, data: { mode } })
  expect(response.status()).toBe(200)
}
