import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { lint, loadConfig } from '@redocly/openapi-core'
import spectralCore from '@stoplight/spectral-core'
import spectralParsers from '@stoplight/spectral-parsers'
import { describe, expect, it } from 'vitest'

/**
 * The committed OpenAPI document (test/http/contract.test.ts keeps it equal to the generated one) passes the
 * two linters integrators run on it, with the project's rulesets: Spectral's (.spectral.mjs) and Redocly's
 * (redocly.yaml). No error and no warning; a rule the project does not follow is switched off in its ruleset
 * file with the reason.
 */
const ROOT = resolve(__dirname, '../..')
const DOCUMENT = resolve(ROOT, 'docs/openapi.json')

describe('docs/openapi.json', () => {
  it('passes Spectral (OpenAPI ruleset) without errors or warnings', async () => {
    const { default: ruleset } = (await import(resolve(ROOT, '.spectral.mjs'))) as { default: spectralCore.RulesetDefinition }
    const spectral = new spectralCore.Spectral()
    spectral.setRuleset(ruleset)
    const results = await spectral.run(new spectralCore.Document(readFileSync(DOCUMENT, 'utf8'), spectralParsers.Json, DOCUMENT))
    // Severity 0 is an error, 1 a warning; 2 (info) and 3 (hint) are advice.
    const problems = results.filter((result) => result.severity <= 1).map((result) => `${result.code} at ${result.path.join('.')}: ${result.message}`)
    expect(problems).toEqual([])
  }, 60_000)

  it('passes Redocly (recommended rules) without errors or warnings', async () => {
    const config = await loadConfig({ configPath: resolve(ROOT, 'redocly.yaml') })
    const problems = await lint({ ref: DOCUMENT, config })
    const found = problems.filter((problem) => problem.severity === 'error' || problem.severity === 'warn')
    expect(found.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`)).toEqual([])
  }, 60_000)
})
