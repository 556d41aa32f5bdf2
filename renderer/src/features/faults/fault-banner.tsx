import { useClearFaults, useFaultState } from '../../api/hooks/faults'
import { useEnvironment } from '../../stores/environment-store'
import { apiFaultWords, webhookFaultWords } from './fault-words'

/**
 * Shown on every screen while any fault of the fault lab is switched on in the current environment, so
 * nobody mistakes a simulated bad day for a bug (docs/console.md "Fault lab").
 */
export function FaultBanner() {
  const state = useFaultState()
  const clear = useClearFaults()
  const environment = useEnvironment()
  if (!state.data || state.data.activeIn.length === 0) return null
  const { webhooks, api, activeIn } = state.data
  const elsewhere = activeIn.filter((other) => other !== environment)
  if (!state.data.active) {
    return (
      <div className="fault-banner" role="status" data-testid="fault-banner">
        <span><strong>Fault lab is on</strong> in the {elsewhere.join(' and ')} environment: switch to it to see or change its faults.</span>
      </div>
    )
  }
  const parts = [
    ...webhooks.map((rule) => `webhooks to ${rule.url}: ${webhookFaultWords(rule.faults).join(', ')}`),
    ...api.map((rule) => `API ${rule.scope === 'money' ? 'money routes' : rule.scope}: ${apiFaultWords(rule.faults).join(', ')}`),
  ]
  return (
    <div className="fault-banner" role="status" data-testid="fault-banner">
      <span>
        <strong>Fault lab is on</strong> in the {environment} environment — {parts.join('; ')}.
        {elsewhere.length > 0 ? ` Also on in ${elsewhere.join(' and ')}.` : ''}
      </span>
      <button type="button" className="button button--secondary button--small" onClick={() => clear.mutate({})} disabled={clear.isPending}>
        Switch all faults off
      </button>
    </div>
  )
}
