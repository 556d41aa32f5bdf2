import type { UpstreamOperate, UpstreamStatus } from '../../../../shared/schemas/upstream'
import { useRequestOperateApproval } from '../../api/hooks/upstream'
import { Can } from '../../components/can'
import { ErrorNotice } from '../../components/error-notice'

const OPERATE_WORDS: Record<UpstreamOperate['state'], string> = {
  not_required: 'operate: money requests made here go to the provider',
  approved: 'operate, approved: money requests made here go to the provider',
  waiting_approval: 'operate, waiting for approval: it runs as read (no money is sent) until approved',
  not_requested: 'operate, not approved: it runs as read (no money is sent) until its approval is asked for and approved',
  rejected: 'operate, approval rejected: it runs as read (no money is sent)',
}

/** The Mode line of the connection: read, or operate and whether it sends money yet (a live key with a team waits for an approval). */
export function modeWords(status: UpstreamStatus): string {
  if (status.mode !== 'operate') return 'read: money is not sent from here'
  if (!status.operate) return 'operate'
  const { state, approvalId } = status.operate
  return approvalId && state !== 'approved' ? `${OPERATE_WORDS[state]} (${approvalId})` : OPERATE_WORDS[state]
}

/** "Request approval" for an operate connection that waits for one nobody asked for yet (or was rejected): owners and admins. */
export function OperateApproval({ status }: { status: UpstreamStatus }) {
  const ask = useRequestOperateApproval()
  const state = status.operate?.state
  const askable = state === 'not_requested' || state === 'rejected'
  // The answer stays shown after the connection's state moved on to waiting (the button goes).
  if (!status.connected || (!askable && !ask.data)) return null
  return (
    <Can permission="settings.manage">
      <div className="stack">
        {ask.isError ? <ErrorNotice error={ask.error} /> : null}
        {askable ? (
          <div>
            <button type="button" className="button button--secondary" disabled={ask.isPending} aria-busy={ask.isPending} onClick={() => ask.mutate({})}>
              Request approval
            </button>
          </div>
        ) : null}
        <p className="form__note" role="status" data-testid="operate-approval-result">
          {ask.data ? `Sent for approval (${ask.data.approvalId}): it needs ${ask.data.approvalsRequired} approver${ask.data.approvalsRequired === 2 ? 's' : ''} in Approvals.` : ''}
        </p>
      </div>
    </Can>
  )
}
