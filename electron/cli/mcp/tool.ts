import type { z } from 'zod'
import type { RouteId } from '../../../shared/api/routes'
import type { Backend, RouteAnswer, RouteCall } from './backend'

/** What a tool answers: structured data and a readable summary, or the API's error. */
export type ToolOutcome =
  | { ok: true; data: unknown; text: string }
  | { ok: false; message: string; error?: unknown }

export interface ToolContext {
  backend: Backend
  /** The folder run_scenario reads files from (default: the working folder; `--scenario-folder`). */
  scenarioFolder?: string
}

export interface Tool {
  name: string
  description: string
  /** Its arguments: built from the route table's zod schemas (shown to the client as JSON Schema). */
  input: z.ZodObject
  /** No route behind it: its arguments are checked here in full (a route tool's by its route). */
  local?: boolean
  run(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome>
}

/** A route's answer as a tool outcome: the API's own message on an error. */
export function outcomeOf(answer: RouteAnswer, text: (data: any) => string): ToolOutcome {
  if (!answer.ok) {
    const { code, message, param } = answer.error
    return { ok: false, message: `${code}${param ? ` (${param})` : ''}: ${message}`, error: answer.error }
  }
  return { ok: true, data: answer.data, text: text(answer.data) }
}

/** A tool that is one route: its arguments mapped to the route's parts, its data summarised by `text`. */
export function routeTool<Input extends z.ZodObject>(spec: {
  name: string
  description: string
  input: Input
  route: RouteId | ((args: z.input<Input>) => RouteId)
  call: (args: z.input<Input>) => RouteCall
  text: (data: any) => string
}): Tool {
  return {
    name: spec.name,
    description: spec.description,
    input: spec.input,
    async run(args, { backend }) {
      const typed = args as z.input<Input>
      const routeId = typeof spec.route === 'function' ? spec.route(typed) : spec.route
      return outcomeOf(await backend.call(routeId, spec.call(typed)), spec.text)
    },
  }
}

/** Arguments without the idempotency key, and the key (a tool's `idempotencyKey` is the header's). */
export function withoutKey(args: Record<string, unknown>): { body: Record<string, unknown>; idempotencyKey?: string } {
  const { idempotencyKey, ...body } = args
  return { body, idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined }
}
