import { useState } from 'react'
import type { WebhookEndpoint } from '../../../../shared/schemas/webhooks'
import { useRotateWebhookSecret, useWebhookEndpoint } from '../../api/hooks/webhooks'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { CopyButton } from '../../components/copy-button'
import { ErrorNotice } from '../../components/error-notice'
import { SelectField } from '../../components/fields/select-field'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Timestamp } from '../../components/timestamp'

const HOUR_MS = 60 * 60 * 1000
/** How long the old secret keeps signing after a rotation (the API allows 0 to 7 days; default 24 h). */
const OVERLAPS = [
  { value: String(24 * HOUR_MS), label: '24 hours (recommended)' },
  { value: String(HOUR_MS), label: '1 hour' },
  { value: String(7 * 24 * HOUR_MS), label: '7 days' },
  { value: '0', label: 'No overlap: the old secret stops at once' },
]

/** The signing secret: hidden until revealed, copyable, and rotated with an overlap so receivers can switch. */
export function WebhookSecretPanel() {
  const endpoint = useWebhookEndpoint()
  return (
    <Panel title="Signing secret">
      <QueryView query={endpoint} loadingLabel="Loading the secret…">
        {(data) => <SecretView endpoint={data} />}
      </QueryView>
    </Panel>
  )
}

function SecretView({ endpoint }: { endpoint: WebhookEndpoint }) {
  const rotate = useRotateWebhookSecret()
  const [revealed, setRevealed] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [overlapMs, setOverlapMs] = useState(OVERLAPS[0]!.value)
  const masked = `whsec_${'•'.repeat(24)}`

  const confirm = () => rotate.mutate({ body: { overlapMs: Number(overlapMs) } }, {
    onSuccess: () => {
      setConfirming(false)
      setRevealed(false)
    },
  })

  return (
    <div className="stack">
      <p className="form__note">Every webhook is signed with this secret (<code>X-Webhook-Signature</code> and the Standard Webhooks headers). Verify signatures with it on your receiver.</p>
      <div className="secret">
        <code className="secret__value" data-testid="webhook-secret" aria-label={revealed ? 'Signing secret' : 'Signing secret, hidden'}>{revealed ? endpoint.secret : masked}</code>
        <button type="button" className="button button--secondary button--small" aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
          {revealed ? 'Hide' : 'Reveal'}
        </button>
        <CopyButton value={endpoint.secret} label="Copy signing secret" />
      </div>
      {endpoint.previousSecretExpiresAt !== null ? (
        <p className="notice notice--info" data-testid="secret-overlap">
          The previous secret also signs every webhook until <strong data-testid="secret-overlap-wall"><Timestamp ms={endpoint.previousSecretExpiresAt} /></strong> on
          your clock (<span data-testid="secret-overlap-simulated"><Timestamp ms={endpoint.previousSecretExpiresAtSimulated} /></span> on the simulated clock), its signature first,
          so receivers still holding it keep verifying (even those that read only the first <code>v1</code>). The overlap runs in real time:
          advancing the simulated clock does not shorten it.
        </p>
      ) : null}
      <div>
        <button type="button" className="button button--secondary" onClick={() => { rotate.reset(); setConfirming(true) }}>Rotate secret…</button>
      </div>
      <ConfirmDialog open={confirming} title="Rotate the signing secret?" confirmLabel="Rotate secret" busy={rotate.isPending}
        onConfirm={confirm} onCancel={() => setConfirming(false)}>
        <div className="stack">
          <p>A new secret signs every webhook from now on. Update your receivers with it.</p>
          <SelectField label="Keep signing with the old secret for" required value={overlapMs} options={OVERLAPS} onChange={setOverlapMs}
            hint="During the overlap each webhook carries both signatures, so no receiver rejects events while you switch." />
          {rotate.isError ? <ErrorNotice error={rotate.error} title="Rotation failed" /> : null}
        </div>
      </ConfirmDialog>
    </div>
  )
}
