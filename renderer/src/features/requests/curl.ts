import type { RequestLogDetail } from '../../../../shared/schemas/request-log'

/** Headers a shell reproduction needs; the rest (host, length, user agent, connection) curl sets itself. */
const KEPT_HEADERS = ['content-type', 'idempotency-key', 'paydesk-environment', 'paydesk-organization', 'accept']

/** Single-quoted for POSIX shells: nothing inside is expanded. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

/**
 * The request as a curl command. The credential is never the real one (the log does not hold it): the
 * Authorization header names `$PAYDESK_API_KEY` (or `$PAYDESK_CONSOLE_TOKEN` for a console call) inside
 * double quotes, so the shell fills it in from the environment and a pasted command leaks nothing.
 */
export function curlCommand(request: RequestLogDetail, baseUrl: string): string {
  const lines = [`curl${request.method === 'GET' ? '' : ` -X ${request.method}`} ${quote(`${baseUrl.replace(/\/$/, '')}${request.path}${request.query}`)}`]
  const authorization = request.requestHeaders['authorization']
  if (authorization !== undefined) {
    const scheme = /^([A-Za-z]+)\s/.exec(authorization)?.[1] ?? 'Bearer'
    lines.push(`-H "Authorization: ${scheme} ${request.keyPrefix === 'console' ? '$PAYDESK_CONSOLE_TOKEN' : '$PAYDESK_API_KEY'}"`)
  }
  for (const name of KEPT_HEADERS) {
    const value = request.requestHeaders[name]
    if (value !== undefined) lines.push(`-H ${quote(`${headerCase(name)}: ${value}`)}`)
  }
  if (request.requestBody !== null) lines.push(`--data-raw ${quote(request.requestBody)}`)
  return lines.join(' \\\n  ')
}

function headerCase(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`)
}
