import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { generateOpenApi } from '../../../shared/api/openapi'
import { compactOpenApi } from './openapi-compact'

export interface McpResource {
  uri: string
  name: string
  description: string
  mimeType: string
  read(): string
}

/** The docs the npm package ships (package.json `files`), by file name. */
const DOCS = [
  ['api.md', 'The API reference: every endpoint, error and rule'],
  ['webhooks.md', 'Webhooks: events, signatures (both schemes), retries, testing a receiver'],
  ['simulator.md', 'The simulator: outcomes, magic phone numbers, timings, provider faults'],
  ['scenarios.md', 'Scenario files: state, steps and expectations'],
  ['mcp.md', 'This MCP server: its tools, resources and how to register it'],
] as const

/** The package's docs folder: two folders above electron/cli/mcp/ from source, one above dist-cli/ in the package. */
export function docsFolder(from: string = __dirname): string {
  const candidates = [resolve(from, '../docs'), resolve(from, '../../../docs')]
  return candidates.find((candidate) => existsSync(join(candidate, 'api.md'))) ?? candidates[1]!
}

/** What `paydesk mcp` offers to read: the OpenAPI document and the docs. */
export function mcpResources(folder: string = docsFolder()): McpResource[] {
  const openApi: McpResource = {
    uri: 'paydesk://openapi.json', name: 'openapi.json', mimeType: 'application/json',
    description: 'The OpenAPI 3.1 document of every route (public /v1 and console), generated from the route table',
    read: () => JSON.stringify(generateOpenApi(), null, 2),
  }
  const compact: McpResource = {
    uri: 'paydesk://openapi-compact.json', name: 'openapi-compact.json', mimeType: 'application/json',
    description: 'The same document without prose (about a seventh of its size): every operation by operationId with its inputs and success data as bare JSON Schema, schemas by name',
    read: () => JSON.stringify(compactOpenApi(generateOpenApi() as never)),
  }
  const docs = DOCS.filter(([file]) => existsSync(join(folder, file))).map(([file, description]): McpResource => ({
    uri: `paydesk://docs/${file}`, name: file, mimeType: 'text/markdown', description,
    read: () => readFileSync(join(folder, file), 'utf8'),
  }))
  return [openApi, compact, ...docs]
}
