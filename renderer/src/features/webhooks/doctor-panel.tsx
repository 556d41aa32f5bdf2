import { useDoctorState, useRunDoctor } from '../../api/hooks/faults'
import { useWebhookEndpoint } from '../../api/hooks/webhooks'
import { ErrorNotice } from '../../components/error-notice'
import { Panel } from '../../components/panel'
import { Tag } from '../../components/status-badge'
import { Timestamp } from '../../components/timestamp'

const TONE = { pass: 'success', fail: 'danger', warn: 'warning' } as const

/**
 * "Check my endpoint": the receiver doctor against the default endpoint with this environment's secret
 * (docs/webhooks.md "Test your receiver"). The last report per endpoint is kept.
 */
export function DoctorPanel() {
  const endpoint = useWebhookEndpoint()
  const doctor = useDoctorState()
  const run = useRunDoctor()
  const url = endpoint.data?.defaultUrl ?? null
  const state = doctor.data
  const running = run.isPending || state?.running === true
  return (
    <Panel title="Check my endpoint" actions={
      <button type="button" className="button button--primary" disabled={!url || running} aria-busy={running} onClick={() => run.mutate({ body: {} })}>
        {running ? 'Checking…' : 'Check my endpoint'}
      </button>
    }>
      <div className="stack">
        <p className="form__note">
          {url
            ? <>Sends <code>{url}</code> signed test events (valid, duplicate, tampered, wrong secret, unsigned, stale, rotation, unknown type, …) and grades each answer. Doctor events carry <code>data.paydeskDoctor: true</code> and touch no transaction.</>
            : <>Set a default endpoint first: the check runs against it with this environment&apos;s secret.</>}
        </p>
        {run.isError ? <ErrorNotice error={run.error} /> : null}
        {state?.report ? (
          <div data-testid="doctor-report">
            <p className="form__note" role="status">
              <strong data-testid="doctor-verdict">{state.report.ok ? 'Ready' : 'Not ready'}</strong>: {state.report.checks.filter((c) => c.result === 'pass').length} passed,{' '}
              {state.report.checks.filter((c) => c.result === 'fail').length} failed, {state.report.checks.filter((c) => c.result === 'warn').length} warnings
              {' · '}<Timestamp ms={state.report.finishedAt} />
            </p>
            {/* Scrolls inside its panel if it ever must: the page itself never becomes wider than the window. */}
            <div className="doctor-report__scroll">
            <table className="data-table__table doctor-report">
              <thead>
                <tr><th scope="col">Result</th><th scope="col">Check</th><th scope="col">Answer</th><th scope="col">Advice</th></tr>
              </thead>
              <tbody>
                {state.report.checks.map((check) => (
                  <tr key={check.id} data-testid="doctor-check" data-check={check.id} data-result={check.result}>
                    <td><Tag tone={TONE[check.result]}>{check.result.toUpperCase()}</Tag></td>
                    <td>{check.title}<br /><span className="top-bar__meta">{check.sent}</span></td>
                    <td><code>{check.received ?? '—'}</code></td>
                    <td>{check.advice}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
          </div>
        ) : null}
      </div>
    </Panel>
  )
}
