import type { IncomingMessage, ServerResponse } from 'node:http'
import { jsonBody } from './json-body'

/** Writes the answer; returns its body, as text pieces, and headers (the request log keeps them). Raw JSON `data` goes in unparsed. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): { parts: readonly string[]; headers: Record<string, string> } {
  const { chunks, parts, length } = jsonBody(body)
  const sent = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(length),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  }
  res.writeHead(status, sent)
  // Written in one turn: the response's socket is corked until the next tick, so this is one writev.
  for (let i = 0; i < chunks.length - 1; i++) res.write(chunks[i])
  res.end(chunks[chunks.length - 1])
  return { parts, headers: sent }
}

/** The request target as a URL, or undefined when it cannot be parsed (parsed once: `canParse` first was a second parse). */
export function parseTarget(target: string): URL | undefined {
  try {
    return new URL(target, 'http://placeholder')
  } catch {
    return undefined
  }
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

export function bearerOf(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(header(req, 'authorization') ?? '')
  return match ? match[1]!.trim() : undefined
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])

/**
 * `Host` must name this server (DNS-rebinding defence): a loopback name with this port. Bound to a
 * non-loopback interface on purpose, the public API answers any host name; the console only on a team
 * server (`teamServer`: the team reaches it by the machine's name; sign-in and the Origin check guard it).
 */
export function hostAllowed(req: IncomingMessage, bound: { host: string; port: number; teamServer?: boolean }, consoleOnly: boolean): boolean {
  const value = header(req, 'host')
  if (!value) return false
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(value)
  if (!match || (match[2] !== undefined && Number(match[2]) !== bound.port)) return false
  const name = match[1]!.toLowerCase()
  if (LOOPBACK.has(name)) return true
  return (!consoleOnly || bound.teamServer === true) && !LOOPBACK.has(bound.host)
}
