import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema, ListResourcesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema, type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { VERSION } from '../../service'
import { LOCAL_TOOLS } from './local-tools'
import { MONEY_TOOLS } from './money-tools'
import { mcpResources, type McpResource } from './resources'
import { accountNameTool, SANDBOX_TOOLS } from './sandbox-tools'
import type { Tool, ToolContext } from './tool'

/** Every tool of this build, in a stable order (validate_account_name only when the route table has its route). */
export function mcpTools(): Tool[] {
  const accountName = accountNameTool()
  return [...SANDBOX_TOOLS.slice(0, 2), ...MONEY_TOOLS, ...SANDBOX_TOOLS.slice(2), ...(accountName ? [accountName] : []), ...LOCAL_TOOLS]
}

/** A tool's arguments as JSON Schema, from its zod schema (what a caller may send, before any transform). */
function inputJsonSchema(tool: Tool): { type: 'object'; [key: string]: unknown } {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>
  return { ...schema, type: 'object' }
}

/** Structured content must be an object: a list or a scalar is wrapped. */
function structured(data: unknown): Record<string, unknown> {
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : { result: data }
}

async function callTool(tools: Map<string, Tool>, context: ToolContext, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const tool = tools.get(name)
  if (!tool) return { isError: true, content: [{ type: 'text', text: `Unknown tool ${name}. Tools: ${[...tools.keys()].join(', ')}` }] }
  try {
    const outcome = await tool.run(args, context)
    if (!outcome.ok) {
      return { isError: true, content: [{ type: 'text', text: outcome.message }], ...(outcome.error ? { structuredContent: { error: outcome.error } } : {}) }
    }
    return { content: [{ type: 'text', text: outcome.text }], structuredContent: structured(outcome.data) }
  } catch (error) {
    // A bug in a tool is that call's error, never the end of the server.
    return { isError: true, content: [{ type: 'text', text: `internal: ${error instanceof Error ? error.message : String(error)}` }] }
  }
}

/** The MCP server of `paydesk mcp`: tools over the sandbox's routes, and the OpenAPI document and docs as resources. */
export function createMcpServer(context: ToolContext, instructions: string, resources: McpResource[] = mcpResources()): Server {
  const tools = new Map(mcpTools().map((tool) => [tool.name, tool]))
  const server = new Server({ name: 'paydesk', version: VERSION }, { capabilities: { tools: {}, resources: {} }, instructions })
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...tools.values()].map((tool) => ({ name: tool.name, description: tool.description, inputSchema: inputJsonSchema(tool) })),
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => callTool(tools, context, request.params.name, request.params.arguments ?? {}))
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: resources.map(({ uri, name, description, mimeType }) => ({ uri, name, description, mimeType })),
  }))
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const resource = resources.find((candidate) => candidate.uri === request.params.uri)
    if (!resource) throw new Error(`No resource ${request.params.uri}; list_resources names them.`)
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.read() }] }
  })
  return server
}
