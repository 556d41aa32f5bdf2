import { useState } from 'react'
import { formatMinor, NARRATION_MAX_LENGTH } from '../../../../shared/money'
import type { TransactionDetail } from '../../../../shared/schemas/console-transactions'
import { NarrationSchema, type TransactionStatus } from '../../../../shared/schemas/common'
import { useReverseCharge } from '../../api/hooks/transactions'
import { PATHS } from '../../lib/paths'
import { Link, pathTo } from '../../lib/router'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ErrorNotice } from '../../components/error-notice'
import { TextAreaField } from '../../components/fields/text-area-field'
import { optionalText } from '../../forms/optional'
import { newIdempotencyKey } from '../../lib/ids'
import { isHeldForApproval } from '../../../../shared/schemas/team'
import { useCan } from '../../api/hooks/team'
import { useSendsToProvider } from '../../api/hooks/upstream'
import { useHeldRequestStore } from '../../stores/held-request-store'
import { OutboxTracker } from '../../components/upstream/outbox-tracker'

/** A reversal in one of these states blocks another (the API answers 409); a failed or rejected one does not. */
const ACTIVE_REVERSAL: ReadonlySet<TransactionStatus> = new Set(['initiated', 'pending', 'completed'])

/** Only a completed or settled charge without an active reversal can be reversed (DECISIONS "Bodies and bounds"). */
export function canReverse(detail: TransactionDetail): boolean {
  const tx = detail.transaction
  if (tx.type !== 'charge' || (tx.status !== 'completed' && tx.status !== 'settled')) return false
  return !detail.related.some((other) => other.type === 'reversal' && ACTIVE_REVERSAL.has(other.status))
}

type Charge = TransactionDetail['transaction']

/** What the confirmation says happens: locally, or (operate mode) at the provider, whose answer decides. */
function WhatHappens({ tx, toProvider }: { tx: Charge; toProvider: boolean }) {
  const amount = <strong>{tx.amount === null ? 'amount' : formatMinor(tx.amount, tx.currency)}</strong>
  const customer = tx.phoneNumber ?? 'the customer'
  if (toProvider) {
    return (
      <p>
        The reversal is sent to the provider: the full {amount} goes back to {customer} from your provider
        account. Its answer shows here and in the Outbox. A charge can be reversed only once.
      </p>
    )
  }
  return (
    <p>
      The full {amount} goes back to {customer}, the fee is refunded and the net leaves your collections account.
      A charge can be reversed only once.
    </p>
  )
}

/** The accepted reversal: the local one, or (operate mode) the outbox row with the provider's answer. */
function ReversalSent({ sent }: { sent: { id: string; toProvider: boolean } }) {
  if (sent.toProvider) return <OutboxTracker outboxId={sent.id} />
  return (
    <p className="notice notice--success reverse-notice" role="status">
      Reversal <Link to={pathTo(PATHS.transaction, { transactionId: sent.id })}><code>{sent.id}</code></Link> initiated.
    </p>
  )
}

/**
 * "Reverse charge" with a confirmation: the full amount goes back to the customer. The new reversal
 * then shows among the linked transactions and its status updates live (push events refetch the detail).
 */
export function ReverseChargeAction({ detail }: { detail: TransactionDetail }) {
  const reverse = useReverseCharge()
  const [open, setOpen] = useState(false)
  const [narration, setNarration] = useState('')
  const [narrationError, setNarrationError] = useState<string | undefined>()
  // One key per confirmation dialog: a double click or a retry of the same intent is replayed, not doubled.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey)
  const [sent, setSent] = useState<{ id: string; toProvider: boolean } | null>(null)
  const toProvider = useSendsToProvider()
  const setHeld = useHeldRequestStore((state) => state.set)
  const allowed = useCan('reversals.request')
  const tx = detail.transaction

  const start = () => {
    reverse.reset()
    setNarration('')
    setNarrationError(undefined)
    setIdempotencyKey(newIdempotencyKey())
    setOpen(true)
  }
  const confirm = () => {
    const parsed = NarrationSchema.safeParse(narration)
    if (!parsed.success) {
      setNarrationError(parsed.error.issues[0]?.message)
      return
    }
    reverse.mutate({ body: { transactionId: tx.publicId, narration: optionalText(narration) }, idempotencyKey }, {
      onSuccess: (accepted) => {
        // Held by the approval policy: nothing was reversed yet; the console says "Sent for approval".
        if (isHeldForApproval(accepted)) setHeld(accepted.approval)
        else setSent({ id: accepted.transactionId, toProvider: accepted.upstream !== undefined })
        setOpen(false)
      },
    })
  }

  return (
    <>
      {canReverse(detail) && allowed ? (
        <button type="button" className="button button--danger" onClick={start}>Reverse charge…</button>
      ) : null}
      {sent ? <ReversalSent sent={sent} /> : null}
      <ConfirmDialog open={open} title="Reverse this charge?" confirmLabel={toProvider ? 'Send to the provider' : 'Reverse charge'} tone="danger"
        busy={reverse.isPending} onConfirm={confirm} onCancel={() => setOpen(false)}>
        <div className="stack">
          <WhatHappens tx={tx} toProvider={toProvider} />
          <TextAreaField label="Narration" value={narration} maxLength={NARRATION_MAX_LENGTH} rows={2}
            onChange={(value) => { setNarration(value); setNarrationError(undefined) }} error={narrationError}
            hint="Why it is reversed; defaults to “Reversal of <charge>”." />
          {reverse.isError ? <ErrorNotice error={reverse.error} title="The reversal was refused" /> : null}
        </div>
      </ConfirmDialog>
    </>
  )
}
