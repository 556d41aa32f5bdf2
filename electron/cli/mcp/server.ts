import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ReadResourceRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { VERSION } from '../../service'
import { LOCAL_TOOLS } from './local-tools'
import { MONEY_TOOLS } from './money-tools'
import { issueText, paramsOf, PROTOCOL_ERRORS, ProtocolError } from './protocol'
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

/** What a route tool refuses itself: what would otherwise be lost or stringified on the way to the route. */
const REFUSED_BEFORE_THE_ROUTE = new Set(['invalid_type', 'unrecognized_keys'])

/**
 * The arguments a tool's schema takes, or the tool error saying which one is wrong: an unknown argument
 * where the schema lists them all, an object or a number where text is expected (never "[object Object]",
 * never a key silently dropped). A route tool leaves the other mistakes to its route, which names them in
 * the API's words; a local tool (no route behind it) refuses every one. The tool gets the arguments as sent.
 */
function argumentError(tool: Tool, args: Record<string, unknown>): CallToolResult | null {
  const checked = tool.input.safeParse(args)
  if (checked.success) return null
  const issue = checked.error.issues.find((candidate) => tool.local || REFUSED_BEFORE_THE_ROUTE.has(candidate.code))
  if (!issue) return null
  const { param, text } = issueText(issue, args)
  const error = { type: 'invalid_request_error', code: 'invalid_parameter', message: text, param: param || null }
  return { isError: true, content: [{ type: 'text', text: `invalid_parameter${param ? ` (${param})` : ''}: ${text}` }], structuredContent: { error } }
}

async function callTool(tools: Map<string, Tool>, context: ToolContext, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const tool = tools.get(name)
  if (!tool) return { isError: true, content: [{ type: 'text', text: `Unknown tool ${name}. Tools: ${[...tools.keys()].join(', ')}` }] }
  const refused = argumentError(tool, args)
  if (refused) return refused
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

/**
 * The MCP server of `paydesk mcp`: tools over the sandbox's routes, and the OpenAPI document and docs as
 * resources. Its four methods are answered by one handler that reads their params itself, so bad params are
 * -32602 and an unknown resource -32002 in a sentence (the SDK's own handlers answer -32603 with zod's dump).
 */
export function createMcpServer(context: ToolContext, instructions: string, resources: McpResource[] = mcpResources()): Server {
  const tools = new Map(mcpTools().map((tool) => [tool.name, tool]))
  const server = new Server({ name: 'paydesk', version: VERSION }, { capabilities: { tools: {}, resources: {} }, instructions })
  server.fallbackRequestHandler = async (request) => {
    switch (request.method) {
      case 'tools/list':
        return { tools: [...tools.values()].map((tool) => ({ name: tool.name, description: tool.description, inputSchema: inputJsonSchema(tool) })) }
      case 'tools/call': {
        const { params } = paramsOf(CallToolRequestSchema, request)
        return callTool(tools, context, params.name, params.arguments ?? {})
      }
      case 'resources/list':
        return { resources: resources.map(({ uri, name, description, mimeType }) => ({ uri, name, description, mimeType })) }
      case 'resources/read': {
        const { params } = paramsOf(ReadResourceRequestSchema, request)
        const resource = resources.find((candidate) => candidate.uri === params.uri)
        if (!resource) throw new ProtocolError(PROTOCOL_ERRORS.resourceNotFound, `Resource not found: ${params.uri} (resources/list names them)`, { uri: params.uri })
        return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.read() }] }
      }
      default:
        throw new ProtocolError(-32601, `Method not found: ${request.method}`)
    }
  }
  return server
}
