import type { ReactNode } from 'react'
import type { ApprovalAction } from '../../../shared/schemas/team'
import { useApprovalPolicy, useWhoAmI } from '../api/hooks/team'
import { useEnvironment } from '../stores/environment-store'

/** Callers whose requests never wait (the engine's `subjectToApproval`): automation, this computer, an API key. */
const NEVER_HELD = new Set(['automation', 'local', 'anonymous'])

/**
 * How many approvals the team's policy will ask for this request (the engine's `matchingRule`: the rule
 * of the action and environment with the highest count whose minimum the amount reaches), or null when it
 * goes straight through. Only a signed-in user's requests are held.
 */
export function useApprovalsNeeded(action: ApprovalAction, amountMinor: number | null): number | null {
  const who = useWhoAmI().data
  const policy = useApprovalPolicy().data
  const environment = useEnvironment()
  if (!who || !policy || amountMinor === null || NEVER_HELD.has(who.actor.id) || who.actor.role === 'api-key') return null
  let needed: number | null = null
  for (const rule of policy.rules) {
    if (rule.action !== action || (rule.environment !== 'any' && rule.environment !== environment) || amountMinor < rule.minAmount) continue
    needed = Math.max(needed ?? 0, rule.approvals)
  }
  return needed
}

/**
 * What a confirmation says about the money: a request the policy will hold moves none until it is
 * approved; any other reserves it now (`reserved`, the form's own words).
 */
export function MoneyOnConfirm({ action, amountMinor, reserved }: { action: ApprovalAction; amountMinor: number | null; reserved: ReactNode }) {
  const needed = useApprovalsNeeded(action, amountMinor)
  if (needed === null) return <>{reserved}</>
  return <p className="notice notice--info" data-testid="needs-approval">Needs approval by {needed === 1 ? '1 person' : `${needed} people`}; no money moves until then.</p>
}
