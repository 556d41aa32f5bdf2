import { useApiMutation, useApiQuery } from '../use-api'

/** Mode, pause state and simulated clock of the sandbox. */
export function useSimulatorState() {
  return useApiQuery('console.simulator.get', {})
}

/** Push prompts waiting for the customer's answer (interactive mode); refreshed by prompt.pending events. */
export function usePrompts(options: { enabled?: boolean } = {}) {
  return useApiQuery('console.prompts.list', {}, { enabled: options.enabled, select: (data) => data.items })
}

/** Answer a prompt as the customer; the charge finalizes at once. */
export function useAnswerPrompt() {
  return useApiMutation('console.prompts.answer', { invalidates: ['console.prompts.', 'transactions.', 'accounts.list', 'balance.get'] })
}

/** The organization's fee tariff, to quote fees before sending. */
export function useFeeTariff() {
  return useApiQuery('console.fees.get', {}, { staleTime: 60_000, retry: false })
}
