import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { generateOpenApi } from '../shared/api/openapi'

const target = resolve(__dirname, '../docs/openapi.json')
writeFileSync(target, `${JSON.stringify(generateOpenApi(), null, 2)}\n`)
console.log(`wrote ${target}`)
