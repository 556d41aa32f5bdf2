import { useState, type RefObject } from 'react'
import { formatMinor } from '../../../../shared/money'
import type { Approval } from '../../../../shared/schemas/team'
import { useAccountName } from '../../api/hooks/account-names'
import { useApprove, useCan, useReject, useWhoAmI } from '../../api/hooks/team'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ErrorNotice } from '../../components/error-notice'
import { phoneToUse } from '../../forms/phone'
import { accountNameQuery } from '../../components/payouts/recipient-name'
import { approvalWords } from '../../lib/approval-labels'

/** What an approval is about, from its `summary` when the engine gives one, else from the held request's body. */
interface Facts {
  phoneNumber?: string
  accountId?: string
  recipientName?: string
  merchantTransactionId?: string
  narration?: string
  fee?: number
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)

function factsOf(approval: Approval): Facts {
  const summary = approval.summary
  const body = (approval.request.body ?? {}) as Record<string, unknown>
  const pick = (key: 'phoneNumber' | 'accountId' | 'recipientName' | 'merchantTransactionId' | 'narration') => text(summary?.[key]) ?? text(body[key])
  return {
    phoneNumber: pick('phoneNumber'), accountId: pick('accountId') ?? text(body['accountNumber']) ?? text(body['beneficiaryAccountId']),
    recipientName: pick('recipientName') ?? text(body['beneficiaryName']) ?? text(body['name']), merchantTransactionId: pick('merchantTransactionId'),
    narration: pick('narration'), fee: summary?.fee ?? undefined,
  }
}

/** "Approve B2C payout of KES 25,000.00 to FATUMA MUNYAO, +254712345678?": the one question an approver answers. */
export function ApproveQuestion({ approval }: { approval: Approval }) {
  const facts = factsOf(approval)
  const lookup = useAccountName(approval.action === 'b2c' && !facts.recipientName && facts.phoneNumber ? accountNameQuery('mobile_mobile', facts.phoneNumber) : null)
  const name = facts.recipientName ?? (lookup.data?.accountName || undefined)
  const phone = facts.phoneNumber === undefined ? undefined : phoneToUse(facts.phoneNumber) ?? facts.phoneNumber
  const to = [name, phone ?? facts.accountId].filter(Boolean).join(', ')
  return (
    <>
      <p data-testid="approve-question"><strong>Approve {approvalWords(approval)}{to ? ` to ${to}` : ''}?</strong></p>
      <p className="form__note">
        Asked by {approval.requestedBy.name}{facts.merchantTransactionId ? `, reference ${facts.merchantTransactionId}` : ''}{facts.narration ? `, “${facts.narration}”` : ''}
        {facts.fee !== undefined ? `; fee KES ${formatMinor(facts.fee)}` : ''}.
      </p>
    </>
  )
}

/**
 * Approve (asked once, with what is approved) or reject with a reason. One who already approved waits for
 * another approver; after a decision focus goes to the card, which stays where it is until the list is refreshed.
 */
export function Decide({ approval, cardRef }: { approval: Approval; cardRef: RefObject<HTMLLIElement | null> }) {
  const canDecide = useCan('approvals.decide')
  const me = useWhoAmI().data?.actor.id
  const approve = useApprove()
  const reject = useReject()
  const [rejecting, setRejecting] = useState(false)
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  if (!canDecide) return null
  if (approval.requestedBy.id === me) return <span className="form__note">Your request: another approver decides it.</span>
  if (approval.decisions.some((d) => d.actor.id === me && d.decision === 'approve')) return <span className="form__note" data-testid="you-approved">You approved; waiting for another approver.</span>
  const decided = { onSuccess: () => cardRef.current?.focus() }
  const error = approve.error ?? reject.error
  return (
    <div className="approval-row__actions">
      {error ? <ErrorNotice error={error} title="Not decided" /> : null}
      {rejecting ? (
        <form className="row" onSubmit={(e) => { e.preventDefault(); reject.mutate({ params: { id: approval.id }, body: { reason } }, decided) }}>
          <label className="field__label" htmlFor={`reason-${approval.id}`}>Reason</label>
          <input id={`reason-${approval.id}`} className="input" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          <button type="submit" className="button button--danger button--small" disabled={!reason.trim() || reject.isPending}>Reject</button>
          <button type="button" className="button button--secondary button--small" onClick={() => setRejecting(false)}>Cancel</button>
        </form>
      ) : (
        <>
          <button type="button" className="button button--primary button--small" disabled={approve.isPending} onClick={() => setAsking(true)}>Approve</button>
          <button type="button" className="button button--secondary button--small" onClick={() => setRejecting(true)}>Reject…</button>
        </>
      )}
      <ConfirmDialog open={asking} title="Approve this request?" confirmLabel="Approve" busy={approve.isPending} onCancel={() => setAsking(false)}
        onConfirm={() => approve.mutate({ params: { id: approval.id } }, { onSettled: () => setAsking(false), ...decided })}>
        <ApproveQuestion approval={approval} />
      </ConfirmDialog>
    </div>
  )
}
