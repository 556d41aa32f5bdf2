import { isApiClientError } from '../api/api-client-error'
import { CopyButton } from './copy-button'
import { inShopWords } from '../forms/shop-words'

const TITLES: Record<string, string> = {
  invalid_request_error: 'The request was refused',
  authentication_error: 'Not allowed',
  not_found_error: 'Not found',
  conflict_error: 'Already exists',
  idempotency_error: 'Idempotency key reused',
  rate_limit_error: 'Too many requests',
  api_error: 'The sandbox failed',
  network_error: 'Sandbox unreachable',
  response_error: 'Unexpected answer',
}

/**
 * An API error as the person needs it: the API's own message in front; the field it names (error.param),
 * the error's type and code, the HTTP status and the request id to quote behind "Details", one click away
 * for a developer. Announced as an alert. Non-API errors show their message.
 */
export function ErrorNotice({ error, title, onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const api = isApiClientError(error) ? error : null
  const message = error instanceof Error ? error.message : String(error)
  return (
    <div className="notice notice--error" role="alert">
      <p className="notice__title">{title ?? (api ? (TITLES[api.type] ?? 'Request failed') : 'Something went wrong')}</p>
      <p className="notice__message">{inShopWords(message)}</p>
      {api ? (
        <details className="notice__details">
          <summary>Details</summary>
          <dl className="notice__facts">
            {api.param ? (<><dt>Field</dt><dd><code>{api.param}</code></dd></>) : null}
            {inShopWords(message) !== message ? (<><dt>Message</dt><dd>{message}</dd></>) : null}
            <dt>Error</dt>
            <dd><code>{api.type}</code> / <code>{api.code}</code>{api.status ? ` (HTTP ${api.status})` : ''}</dd>
            {api.requestId ? (<><dt>Request</dt><dd><code>{api.requestId}</code> <CopyButton value={api.requestId} label="Copy request id" /></dd></>) : null}
          </dl>
        </details>
      ) : null}
      {onRetry ? <button type="button" className="button button--secondary button--small" onClick={onRetry}>Try again</button> : null}
    </div>
  )
}
