import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { scenarioJsonSchema } from '../shared/schemas/scenario-json-schema'

const target = resolve(__dirname, '../docs/scenario.schema.json')
writeFileSync(target, `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`)
console.log(`wrote ${target}`)
