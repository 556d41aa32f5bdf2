import { parseLoggedBody } from '../../../../shared/logged-body'
import type { RequestLogDetail } from '../../../../shared/schemas/request-log'
import { useConsoleInfo } from '../../api/hooks/console'
import { useLoggedRequest } from '../../api/hooks/requests'
import { PATHS } from '../../lib/paths'
import { Link, navigate, pathTo } from '../../lib/router'
import type { ScreenProps } from '../../lib/screen-props'
import { CopyButton } from '../../components/copy-button'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Tag } from '../../components/status-badge'
import { Timestamp } from '../../components/timestamp'
import { useWebhookLogStore } from '../../stores/webhook-log-store'
import { curlCommand } from './curl'
import { StatusTag } from '../../components/requests/request-columns'
import '../../components/transactions/transactions.css'
import '../../components/webhooks/webhooks.css'
import '../../components/requests/requests.css'

/** A body as sent or answered: pretty-printed when it is JSON, else as is. */
function showBody(text: string | null): string {
  if (text === null) return ''
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

/**
 * A logged body; one the log kept only the start of (over 8 KiB answered, 64 KiB sent) says so with its
 * whole size, and shows the start as stored (cut JSON cannot be pretty-printed).
 */
function LoggedBody({ text, testId, label }: { text: string | null; testId: string; label: string }) {
  const { kept, cut } = parseLoggedBody(text ?? '')
  return (
    <>
      {cut ? (
        <p className="form__note" data-testid={`${testId}-cut`}>
          {`First ${cut.keptKiB} KiB of ${cut.totalBytes.toLocaleString('en-US')} bytes: the log keeps the start of long bodies.`}
        </p>
      ) : null}
      {/* Focusable (and named) because it scrolls: keyboard users must be able to scroll it too. */}
      <pre className="code-block request-body" data-testid={testId} tabIndex={0} role="region" aria-label={label}>{cut ? kept : showBody(text)}</pre>
    </>
  )
}

/**
 * One logged API request: what was sent (headers with credentials redacted, body), what Paydesk answered,
 * warnings and faults, the transaction it created or read and that transaction's webhook events, and the
 * request as a curl command to send it again.
 */
export function RequestDetailScreen({ params }: ScreenProps) {
  const requestId = params['requestId'] ?? ''
  const request = useLoggedRequest(requestId)
  const data = request.data
  return (
    <>
      <PageHeader
        title={data ? `${data.method} ${data.path}` : 'Request'}
        description={(
          <span className="row">
            <code data-testid="request-id">{requestId}</code>
            <CopyButton value={requestId} label="Copy request id" />
            <Link to={PATHS.requests}>All requests</Link>
          </span>
        )}
      />
      <QueryView query={request} loadingLabel="Loading the request…">
        {(detail) => <RequestBody detail={detail} />}
      </QueryView>
    </>
  )
}

function RequestBody({ detail }: { detail: RequestLogDetail }) {
  const info = useConsoleInfo()
  const baseUrl = info.data?.httpUrl ?? window.location.origin
  const curl = curlCommand(detail, baseUrl)
  return (
    <div className="stack">
      <div className="grid grid--main-side">
        <RequestSummary detail={detail} />
        <RequestNotes detail={detail} />
      </div>
      <Panel title="Copy as curl" actions={<CopyButton value={curl} label="Copy as curl" />}>
        <p className="form__note">Sends the same request again. The key is read from <code>$PAYDESK_API_KEY</code> in your shell; the log never keeps it.</p>
        <pre className="code-block request-body" data-testid="request-curl" tabIndex={0} role="region" aria-label="curl command">{curl}</pre>
      </Panel>
      <div className="grid grid--2">
        <Panel title="Request">
          <div className="stack">
            <Headers headers={detail.requestHeaders} label="Request headers" />
            {detail.requestBody === null ? <p className="form__note">No body.</p> : <LoggedBody text={detail.requestBody} testId="request-body" label="Request body" />}
          </div>
        </Panel>
        <Panel title="Response">
          <div className="stack">
            <Headers headers={detail.responseHeaders} label="Response headers" />
            <LoggedBody text={detail.responseBody} testId="response-body" label="Response body" />
          </div>
        </Panel>
      </div>
    </div>
  )
}

/** Status, time, key, Idempotency-Key and the transaction the request named. */
function RequestSummary({ detail }: { detail: RequestLogDetail }) {
  return (
    <Panel title="Summary">
      <dl className="facts" data-testid="request-summary">
        <dt>Status</dt>
        <dd><StatusTag status={detail.status} /></dd>
        <dt>Time</dt>
        <dd><Timestamp ms={detail.at} /></dd>
        <dt>Duration</dt>
        <dd>{`${detail.durationMs.toFixed(1)} ms`}</dd>
        <dt>Path</dt>
        <dd><code className="request-path">{`${detail.method} ${detail.path}${detail.query}`}</code></dd>
        <dt>API key</dt>
        <dd>{detail.keyPrefix ? <code>{detail.keyPrefix}</code> : 'None recognised'}</dd>
        <dt>Idempotency-Key</dt>
        <dd className="row">
          {detail.idempotencyKey ? <code>{detail.idempotencyKey}</code> : '—'}
          {detail.replayed ? <Tag tone="info">Replayed</Tag> : null}
        </dd>
        <dt>Transaction</dt>
        <dd>
          {detail.transactionId
            ? <Link to={pathTo(PATHS.transaction, { transactionId: detail.transactionId })} data-testid="request-transaction"><code>{detail.transactionId}</code></Link>
            : '—'}
        </dd>
      </dl>
    </Panel>
  )
}

/** What the engine added or applied (warnings, faults) and the webhook events of the request's transaction. */
function RequestNotes({ detail }: { detail: RequestLogDetail }) {
  const openEvent = (eventId: string) => {
    const store = useWebhookLogStore.getState()
    store.setFilters({ transactionId: detail.transactionId ?? '', url: '', type: '' })
    store.select(eventId)
    navigate(PATHS.webhooks)
  }
  return (
    <div className="stack">
      <Panel title="Warnings and faults">
        {detail.warnings.length + detail.faults.length === 0 ? <p className="form__note">None.</p> : (
          <ul className="request-warnings" data-testid="request-warnings">
            {detail.warnings.map((w) => <li key={w.code}><code>{w.code}</code>: {w.message}</li>)}
            {detail.faults.map((fault) => <li key={fault}>Fault applied: <code>{fault}</code></li>)}
          </ul>
        )}
      </Panel>
      <Panel title="Webhook events">
        {detail.webhookEvents.length === 0 ? <p className="form__note">{detail.transactionId ? 'No webhook event for this transaction yet.' : 'This request created or read no transaction.'}</p> : (
          <ul className="request-warnings" aria-label="Webhook events of the transaction">
            {detail.webhookEvents.map((event) => (
              <li key={event.id}>
                <a href={`#${PATHS.webhooks}`} onClick={(e) => { e.preventDefault(); openEvent(event.id) }}><code>{event.type}</code></a>{' '}
                <Timestamp ms={event.createdAt} compact />
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  )
}

function Headers({ headers, label }: { headers: Record<string, string>; label: string }) {
  return (
    <dl className="request-headers" aria-label={label}>
      {Object.entries(headers).map(([name, value]) => (
        <div key={name} style={{ display: 'contents' }}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
