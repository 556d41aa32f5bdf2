import type { IncomingMessage } from 'node:http'
import { ApiError } from '../../shared/errors'

export const MAX_BODY_BYTES = 1024 * 1024

/**
 * The client hung up (or was cut off by a timeout) before its body was complete. Nobody is left to
 * answer, and it is not a bug of ours, so the adapter neither answers nor logs it.
 */
export class ClientGoneError extends Error {
  constructor() {
    super('the client closed the connection before sending its whole body')
    this.name = 'ClientGoneError'
  }
}

/** Reads the whole body, refusing more than the limit as soon as it is exceeded. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new ApiError('payload_too_large', `The request body exceeds ${limit} bytes.`))
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.removeAllListeners('data')
        reject(new ApiError('payload_too_large', `The request body exceeds ${limit} bytes.`))
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    // 'error' (aborted) or a bare 'close' before 'end': settle the promise either way so nothing waits forever.
    req.on('error', () => reject(new ClientGoneError()))
    req.on('close', () => {
      if (!req.complete) reject(new ClientGoneError())
    })
  })
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Parses a JSON body. Empty means "no body"; anything else must be UTF-8 JSON sent as application/json. */
export function parseJsonBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  if (mediaType !== 'application/json' && !mediaType.endsWith('+json')) {
    throw new ApiError('invalid_parameter', 'Content-Type must be application/json.', 'Content-Type')
  }
  let text: string
  try {
    text = utf8.decode(raw)
  } catch {
    throw new ApiError('invalid_parameter', 'The request body is not valid UTF-8.')
  }
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    const detail = error instanceof Error ? ` (${error.message})` : ''
    throw new ApiError('invalid_parameter', `The request body is not valid JSON${detail}.`)
  }
}

/**
 * Query string to a plain object; a repeated key becomes an array so validation can refuse it.
 * Built with own properties (Object.fromEntries), never by assignment: `?__proto__=x` must stay a key that
 * validation sees and refuses, not silently replace the object's prototype.
 */
export function parseQuery(search: URLSearchParams): Record<string, string | string[]> {
  return Object.fromEntries(
    [...new Set(search.keys())].map((key) => {
      const values = search.getAll(key)
      return [key, values.length === 1 ? values[0]! : values]
    }),
  )
}
