import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseScenarioText, ScenarioFileError } from '../../electron/service/scenario/parse'
import { ScenarioFlowSchema } from '../../shared/schemas/scenario-flow'
import { scenarioJsonSchema } from '../../shared/schemas/scenario-json-schema'

describe('scenario schema', () => {
  it('docs/scenario.schema.json is the JSON Schema generated from the zod schema (run npm run scenario-schema when this fails)', () => {
    const committed = readFileSync(resolve(__dirname, '../../docs/scenario.schema.json'), 'utf8')
    expect(committed).toBe(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`)
  })

  it('the JSON Schema names every contract field of the issue', () => {
    const schema = scenarioJsonSchema() as { properties: Record<string, unknown> }
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining([
      'organization', 'organizations', 'apiKeys', 'webhooks', 'simulator', 'accounts', 'customers', 'outcomes', 'transactions', 'faults', 'steps', 'expect',
    ]))
  })

  it('a step matching no kind reports the closest kind’s problem, with its line', () => {
    const text = 'steps:\n  - { advance: 5s }\n  - { call: mobile.charge, bdy: {} }\n'
    try {
      parseScenarioText(text, 'flow.yaml', ScenarioFlowSchema)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioFileError)
      expect((error as Error).message).toBe('flow.yaml:3:33 steps[1].bdy: Unrecognized key: "bdy"')
    }
  })

  it('durations accept ms or units; phones are normalised', () => {
    const flow = parseScenarioText('customers: [{ phoneNumber: "0712345678" }]\nsteps: [{ advance: 1d }, { advance: 1500 }, { sleep: 250ms }]\n', 'f.yaml', ScenarioFlowSchema)
    expect(flow.steps).toEqual([{ advance: 86_400_000 }, { advance: 1500 }, { sleep: 250 }])
    expect(flow.customers?.[0]).toMatchObject({ phoneNumber: '+254712345678', balance: 10_000_000, status: 'active' })
  })

  it('organization and organizations together are refused', () => {
    expect(() => parseScenarioText('organization: { name: A }\norganizations: [{ name: B }]\n', 'x.yaml', ScenarioFlowSchema)).toThrow(/x\.yaml:2:\d+ organizations: give either/)
  })
})
