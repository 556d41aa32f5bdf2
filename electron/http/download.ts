import type { ServiceResponse } from '../../shared/api/envelope'
import type { RouteSpec } from '../../shared/api/route'
import type { FileAnswer } from './file-answer'

/** The attachment's file name: the route's template with its `{param}`s filled in. */
export function downloadName(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => params[name] ?? name)
}

/**
 * The document a successful answer of a document route is (`download` in the route table: the HAR export,
 * an evidence bundle): the envelope's `data` alone, as indented JSON, under the route's file name. It is
 * the `data` IPC callers get, exactly, so a tool that hashes or validates the file sees the same document.
 * Null for any other answer (errors stay JSON envelopes).
 */
export function documentOf(route: RouteSpec, response: ServiceResponse, params: Record<string, string>): FileAnswer | null {
  if (!route.download || response.status >= 300 || !('data' in response.body)) return null
  return { text: `${JSON.stringify(response.body.data, null, 2)}\n`, mediaType: 'application/json', fileName: downloadName(route.download.filename, params) }
}
