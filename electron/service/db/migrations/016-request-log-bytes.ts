/**
 * The request log is bounded in bytes as well as rows (request-log.ts): a row of a request refused before
 * authentication could keep 64 KiB of body, so 50,000 rows per environment reached ~2.9 GiB without a key.
 * `stored_bytes` is what a row keeps (path, query, headers and bodies, in UTF-8 bytes), written by the
 * repository on insert; old rows get theirs here. The environment's index carries it, so summing the log's
 * size and finding where to cut it read the index only, never the rows' bodies (overflow pages).
 */
export const MIGRATION_016 = `
ALTER TABLE api_requests ADD COLUMN stored_bytes INTEGER NOT NULL DEFAULT 0;
UPDATE api_requests SET stored_bytes = length(CAST(path AS BLOB)) + length(CAST(query AS BLOB))
  + length(CAST(request_headers AS BLOB)) + coalesce(length(CAST(request_body AS BLOB)), 0)
  + length(CAST(response_headers AS BLOB)) + coalesce(length(CAST(response_body AS BLOB)), 0);
DROP INDEX api_requests_env;
CREATE INDEX api_requests_env ON api_requests(environment, seq, stored_bytes);
`
