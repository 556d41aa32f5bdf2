import { z } from 'zod'
import { RequestLogQuerySchema } from './request-log'
import { queryInt } from './common'

/** The request log's filters, and how many entries at most (newest first; default 1,000). */
export const HarQuerySchema = RequestLogQuerySchema.omit({ limit: true }).extend({ limit: queryInt(1, 5_000).optional() })
export type HarQuery = z.input<typeof HarQuerySchema>

const NameValueSchema = z.object({ name: z.string(), value: z.string() })

/** A body as the request log kept it: `comment` says when only its start was kept, `size` is the whole size. */
const HarContentSchema = z.object({ size: z.number().int(), mimeType: z.string(), text: z.string().optional(), comment: z.string().optional() })

export const HarEntrySchema = z.object({
  startedDateTime: z.string(),
  time: z.number(),
  request: z.object({
    method: z.string(), url: z.string(), httpVersion: z.string(), cookies: z.array(z.never()), headers: z.array(NameValueSchema),
    queryString: z.array(NameValueSchema), headersSize: z.number().int(), bodySize: z.number().int(),
    postData: z.object({ mimeType: z.string(), text: z.string(), comment: z.string().optional() }).optional(),
  }),
  response: z.object({
    status: z.number().int(), statusText: z.string(), httpVersion: z.string(), cookies: z.array(z.never()), headers: z.array(NameValueSchema),
    content: HarContentSchema, redirectURL: z.string(), headersSize: z.number().int(), bodySize: z.number().int(),
  }),
  cache: z.object({}),
  timings: z.object({ send: z.number(), wait: z.number(), receive: z.number() }),
  comment: z.string().optional(),
  /** Paydesk's own fields (HAR allows custom fields starting with `_`). */
  _requestId: z.string(),
  _transactionId: z.string().nullable(),
  _faults: z.array(z.string()),
})
export type HarEntry = z.infer<typeof HarEntrySchema>

/** HTTP Archive 1.2 of the request log (secrets redacted as in the log; cut bodies marked). */
export const HarSchema = z.object({
  log: z.object({
    version: z.literal('1.2'),
    creator: z.object({ name: z.string(), version: z.string() }),
    comment: z.string(),
    entries: z.array(HarEntrySchema),
  }),
})
export type Har = z.infer<typeof HarSchema>
