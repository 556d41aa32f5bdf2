import { describe, expect, it } from 'vitest'
import { FaultConfigSchema } from '../../shared/schemas/faults'
import { faultState, replaceFaultConfig } from '../../electron/service/faults/state'
import { runUnit } from '../../electron/service/core/unit'
import { testService } from '../support/harness'

/** The fault configuration a scenario file holds (FaultConfigSchema) applies as one switch. */
describe('fault configuration', () => {
  it('parses a scenario-style configuration and replaces the rules of one environment with it', () => {
    const { service } = testService()
    const { store, engine } = service.internals
    const organizationId = service.startup.demoOrganizationId
    const scope = { organizationId, environment: 'test' }
    const config = FaultConfigSchema.parse({
      webhooks: [{ url: 'https://example.com/hook', faults: { duplicate: true, drop: { attempts: 2 } } }],
      api: [{ scope: 'money', faults: { errorRate: { rate: 0.1 } } }],
    })
    expect(config.api[0]!.faults.errorRate).toEqual({ rate: 0.1, status: 500 })
    runUnit(engine, engine.now(), (unit) => replaceFaultConfig(unit, scope, config))
    const state = faultState(store, organizationId, 'test')
    expect(state.active).toBe(true)
    expect(state.webhooks.map((rule) => rule.faults)).toEqual([{ duplicate: true, drop: { attempts: 2 } }])
    expect(faultState(store, organizationId, 'live')).toMatchObject({ active: false, activeIn: ['test'] })
    runUnit(engine, engine.now(), (unit) => replaceFaultConfig(unit, scope, FaultConfigSchema.parse({})))
    expect(faultState(store, organizationId, 'test')).toEqual({ webhooks: [], api: [], active: false, activeIn: [] })
    expect(FaultConfigSchema.safeParse({ webhooks: [{ url: 'ftp://x', faults: {} }] }).success).toBe(false)
    service.close()
  })
})
