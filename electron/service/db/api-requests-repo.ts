import type { ApiWarning } from '../../../shared/api/warnings'
import { createApiRequestsBounds } from './api-requests-bounds'
import type { Db } from './connection'

/** One logged request; its headers, warnings and faults decoded (stored as JSON text). */
export interface ApiRequestRow {
  seq: number
  request_id: string
  environment: 'test' | 'live'
  organization_id: string | null
  at: number
  method: string
  path: string
  query: string
  status: number
  duration_ms: number
  key_prefix: string | null
  idempotency_key: string | null
  replayed: 0 | 1
  request_headers: Record<string, string>
  request_body: string | null
  response_headers: Record<string, string>
  response_body: string | null
  warnings: ApiWarning[]
  transaction_id: string | null
  faults: string[]
  /** What the row keeps, in UTF-8 bytes (path, query, headers, bodies): the log is bounded by their sum too. */
  stored_bytes: number
}

export type NewApiRequestRow = Omit<ApiRequestRow, 'seq' | 'stored_bytes'>
type StoredRow = Omit<ApiRequestRow, 'request_headers' | 'response_headers' | 'warnings' | 'faults'> &
  { request_headers: string; response_headers: string; warnings: string | null; faults: string | null }
type NewStoredRow = Omit<StoredRow, 'seq' | 'stored_bytes'>

/** A record -> what SQLite stores: empty lists as NULL, as the table has always held them. */
function encode(row: NewApiRequestRow): NewStoredRow {
  return {
    ...row, request_headers: JSON.stringify(row.request_headers), response_headers: JSON.stringify(row.response_headers),
    warnings: row.warnings.length > 0 ? JSON.stringify(row.warnings) : null, faults: row.faults.length > 0 ? JSON.stringify(row.faults) : null,
  }
}

/** The UTF-8 bytes a row keeps as stored (migration 016 computes the same in SQL for older rows). */
function storedBytesOf(row: NewStoredRow): number {
  const texts = [row.path, row.query, row.request_headers, row.request_body, row.response_headers, row.response_body]
  return texts.reduce((sum, text) => sum + (text === null ? 0 : Buffer.byteLength(text)), 0)
}

function decode(row: StoredRow): ApiRequestRow {
  return {
    ...row, request_headers: JSON.parse(row.request_headers) as Record<string, string>, response_headers: JSON.parse(row.response_headers) as Record<string, string>,
    warnings: row.warnings ? (JSON.parse(row.warnings) as ApiWarning[]) : [], faults: row.faults ? (JSON.parse(row.faults) as string[]) : [],
  }
}

export interface ApiRequestFilter {
  environment: 'test' | 'live'
  /** The caller's organization; rows without one (refused before authentication) are everyone's. */
  organizationId: string
  statusClass?: 2 | 3 | 4 | 5
  /** Substring of the path. */
  path?: string
  /** Substring of the key prefix (`sk_test_AbCd…wxyz`, or `console`). */
  keyPrefix?: string
  /** `console`: the console's own calls (key prefix `console`); `provider`: Paydesk's calls to the provider (key prefix `provider`); `integration`: every other request. */
  source?: 'integration' | 'console' | 'provider' | 'provider-webhook'
  idempotencyKey?: string
  requestId?: string
  transactionId?: string
  from?: number
  to?: number
  /** Rows older than this seq (the previous page's cursor). */
  before?: number
  limit: number
}

const likeEscape = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The WHERE clause of a page of the log and its parameters (`limit` is one more than the page: is there a next one). */
function listWhere(filter: ApiRequestFilter): { where: string; params: Record<string, unknown> } {
  const where = ['environment = @environment', '(organization_id = @organizationId OR organization_id IS NULL)']
  const params: Record<string, unknown> = { environment: filter.environment, organizationId: filter.organizationId, limit: filter.limit + 1 }
  if (filter.statusClass !== undefined) {
    where.push('status >= @statusLow AND status < @statusHigh')
    params['statusLow'] = filter.statusClass * 100
    params['statusHigh'] = filter.statusClass * 100 + 100
  }
  if (filter.path) {
    where.push("path LIKE @path ESCAPE '\\'")
    params['path'] = likeEscape(filter.path)
  }
  if (filter.keyPrefix) {
    where.push("key_prefix LIKE @keyPrefix ESCAPE '\\'")
    params['keyPrefix'] = likeEscape(filter.keyPrefix)
  }
  if (filter.source === 'integration') where.push("key_prefix IS NOT 'console' AND key_prefix IS NOT 'provider' AND key_prefix IS NOT 'provider-webhook'")
  else if (filter.source !== undefined) where.push(`key_prefix = '${filter.source}'`)
  for (const [column, name] of [['idempotency_key', 'idempotencyKey'], ['request_id', 'requestId'], ['transaction_id', 'transactionId']] as const) {
    if (filter[name] === undefined) continue
    where.push(`${column} = @${name}`)
    params[name] = filter[name]
  }
  if (filter.from !== undefined) {
    where.push('at >= @from')
    params['from'] = filter.from
  }
  if (filter.to !== undefined) {
    where.push('at <= @to')
    params['to'] = filter.to
  }
  if (filter.before !== undefined) {
    where.push('seq < @before')
    params['before'] = filter.before
  }
  return { where: where.join(' AND '), params }
}

/**
 * toRequestLogEntry (request-log/view.ts) written in SQL, for the console's log pages built as JSON in
 * SQLite: same fields and order; `replayed` a boolean; warnings and faults as JSON arrays, `[]` when
 * empty; a whole-number duration written as JavaScript writes it (`3`, not SQLite's `3.0`).
 * `test/service/request-log-json-sql.test.ts` compares the two on random rows; change them together.
 */
export const REQUEST_LOG_ENTRY_JSON_SQL = `json_object(
  'requestId', request_id, 'environment', environment, 'at', at, 'method', method, 'path', path, 'query', query, 'status', status,
  'durationMs', CASE WHEN duration_ms = CAST(duration_ms AS INTEGER) THEN CAST(duration_ms AS INTEGER) ELSE duration_ms END,
  'keyPrefix', key_prefix, 'idempotencyKey', idempotency_key, 'replayed', json(CASE WHEN replayed = 1 THEN 'true' ELSE 'false' END),
  'warnings', json(coalesce(nullif(warnings, ''), '[]')), 'faults', json(coalesce(nullif(faults, ''), '[]')), 'transactionId', transaction_id)`

/** The request log's table: written in batches by the request log's buffer, read by the console. */
export function createApiRequestsRepo(db: Db) {
  const bySeqsStmt = db.prepare<[string], StoredRow>('SELECT * FROM api_requests WHERE seq IN (SELECT value FROM json_each(?)) ORDER BY seq')
  const insertStmt = db.prepare(`INSERT INTO api_requests (request_id, environment, organization_id, at, method, path, query, status, duration_ms,
    key_prefix, idempotency_key, replayed, request_headers, request_body, response_headers, response_body, warnings, transaction_id, faults, stored_bytes)
    VALUES (@request_id, @environment, @organization_id, @at, @method, @path, @query, @status, @duration_ms, @key_prefix, @idempotency_key,
    @replayed, @request_headers, @request_body, @response_headers, @response_body, @warnings, @transaction_id, @faults, @stored_bytes)`)
  const getStmt = db.prepare<[string, string, string], StoredRow>(
    'SELECT * FROM api_requests WHERE request_id = ? AND environment = ? AND (organization_id = ? OR organization_id IS NULL) ORDER BY seq DESC LIMIT 1',
  )
  /** Rows this repository inserted or deleted through the connection (see `rowsChanged`). */
  let changed = 0
  const bounds = createApiRequestsBounds(db, (rows) => {
    changed += rows
  })
  let inserted = 0
  return {
    ...bounds,
    /** Moves with every row of the log this connection writes (the store forgets the tallies when a rollback took some back). */
    version: () => bounds.version(inserted),
    /** Returns the bytes the row keeps (`stored_bytes`). */
    insert(row: NewApiRequestRow): number {
      const stored = encode(row)
      const storedBytes = storedBytesOf(stored)
      const rows = insertStmt.run({ ...stored, stored_bytes: storedBytes }).changes
      changed += rows
      inserted += rows
      bounds.inserted(row.environment, storedBytes)
      return storedBytes
    },
    /**
     * How many rows of the log this connection inserted or deleted so far, as SQLite's `total_changes()` counts
     * them: the transactions' page cache (db/page-cache.ts) leaves them out, since a log row never moves a
     * list page and the log is written at every batch.
     */
    rowsChanged(): number {
      return changed
    },
    get(environment: string, organizationId: string, requestId: string): ApiRequestRow | undefined {
      const row = getStmt.get(requestId, environment, organizationId)
      return row && decode(row)
    },
    /** The seqs of the rows `list` would read (newest first, `limit + 1`): a few bytes each, no headers or bodies. */
    seqs(filter: ApiRequestFilter): number[] {
      const { where, params } = listWhere(filter)
      return (db.prepare(`SELECT seq FROM api_requests WHERE ${where} ORDER BY seq DESC LIMIT @limit`).pluck().all(params) as number[])
    },
    /** The rows of these seqs still in the log, oldest first (a page of an export). */
    bySeqs(seqs: readonly number[]): ApiRequestRow[] {
      return bySeqsStmt.all(JSON.stringify(seqs)).map(decode)
    },
    /** Newest first; `limit + 1` rows are read so the caller knows whether there is a next page. */
    list(filter: ApiRequestFilter): ApiRequestRow[] {
      const { where, params } = listWhere(filter)
      return db.prepare<[Record<string, unknown>], StoredRow>(`SELECT * FROM api_requests WHERE ${where} ORDER BY seq DESC LIMIT @limit`).all(params).map(decode)
    },
    /**
     * The same page as `list` (its first `limit` rows) as the JSON text of its RequestLogEntry[]
     * (REQUEST_LOG_ENTRY_JSON_SQL), built in SQLite without reading headers or bodies, and the seq of its
     * last entry when a next page exists.
     */
    listJson(filter: ApiRequestFilter): { json: string; nextSeq: number | null } {
      const { where, params } = listWhere(filter)
      const [json, read, lastSeq] = db.prepare(`SELECT '[' || coalesce(group_concat(CASE WHEN n <= @page THEN j END, ',' ORDER BY seq DESC), '') || ']',
        count(*), min(CASE WHEN n <= @page THEN seq END) FROM (
          SELECT ${REQUEST_LOG_ENTRY_JSON_SQL} AS j, seq, row_number() OVER (ORDER BY seq DESC) AS n
          FROM api_requests WHERE ${where} ORDER BY seq DESC LIMIT @limit)`).raw(true).get({ ...params, page: filter.limit }) as [string, number, number | null]
      return { json, nextSeq: read > filter.limit ? lastSeq : null }
    },
  }
}
export type ApiRequestsRepo = ReturnType<typeof createApiRequestsRepo>
