import { useEffect, useRef, useState } from 'react'
import { formatMinor } from '../../../../shared/money'
import type { SimulatorState } from '../../../../shared/schemas/simulator'
import { useCustomers } from '../../api/hooks/customers'
import { useAnswerPrompt, usePrompts, useSimulatorState } from '../../api/hooks/simulator'
import { ErrorNotice } from '../../components/error-notice'
import { LoadingState } from '../../components/loading-state'
import { Panel } from '../../components/panel'
import { PhoneScreen } from './handset-screen'
import { phoneInHand, useTicker } from './phone-in-hand'

/** What the handset says when the simulator answers prompts by itself. */
function SelfAnswering({ mode }: { mode: SimulatorState['mode'] }) {
  return (
    <p className="handset__idle">
      The simulator is in <strong>{mode}</strong> mode and answers prompts itself
      {mode === 'fast' ? ' within 1–3 s' : ''}. Switch to <strong>interactive</strong> mode in Settings to answer them here.
    </p>
  )
}

/**
 * The customer's phone in interactive simulator mode: a waiting push prompt, answered with the buttons
 * (console.prompts.answer). Several phones can show prompts at once; the switch picks whose phone is in
 * hand (by default the one of the charge just sent, else the first with a prompt). New prompts arrive by
 * push event (prompt.pending). In other modes the simulator answers by itself, and the panel says so.
 */
export function HandsetPanel({ focusTransactionId }: { focusTransactionId?: string }) {
  const simulator = useSimulatorState()
  const interactive = simulator.data?.mode === 'interactive'
  const prompts = usePrompts({ enabled: interactive })
  const customers = useCustomers()
  const [chosenPhone, setChosenPhone] = useState<string | undefined>()
  // A new charge puts its own phone in hand again.
  useEffect(() => setChosenPhone(undefined), [focusTransactionId])
  const answer = useAnswerPrompt()
  const promptRef = useRef<HTMLDivElement>(null)
  const realNow = useTicker(interactive && (prompts.data?.length ?? 0) > 0)
  // Simulated now when the state was read, plus the real time since: right for the running clock and close
  // enough for a seeded run's clock (docs/simulator.md "Seeded runs"), whose offset is not from the wall clock.
  const simulatedNow = simulator.data ? simulator.data.now + (realNow - simulator.dataUpdatedAt) : realNow
  const known = customers.data ?? []
  const hand = interactive && prompts.data ? phoneInHand(prompts.data, known, chosenPhone, focusTransactionId) : undefined
  const shownPromptId = hand?.prompt?.transactionId

  // The prompt of the charge just sent comes into view (on a 1024×700 screen the handset sits below the fold).
  useEffect(() => {
    if (shownPromptId !== undefined && shownPromptId === focusTransactionId) promptRef.current?.scrollIntoView({ block: 'nearest' })
  }, [shownPromptId, focusTransactionId])

  let content
  if (simulator.isPending) content = <LoadingState compact label="Checking the simulator…" />
  else if (simulator.isError) content = <ErrorNotice error={simulator.error} onRetry={() => void simulator.refetch()} />
  else if (!interactive) content = <SelfAnswering mode={simulator.data.mode} />
  else if (prompts.isPending) content = <LoadingState compact label="Waiting for prompts…" />
  else if (prompts.isError) content = <ErrorNotice error={prompts.error} onRetry={() => void prompts.refetch()} />
  else {
    content = (
      <PhoneScreen hand={hand!} prompts={prompts.data} customers={known} onChoosePhone={setChosenPhone} simulatedNow={simulatedNow} promptRef={promptRef}
        busy={answer.isPending} onAnswer={(transactionId, choice) => answer.mutate({ params: { transactionId }, body: { answer: choice } })} />
    )
  }

  return (
    <Panel title="Customer's phone">
      {answer.isError ? <ErrorNotice error={answer.error} title="The answer was refused" /> : null}
      {/* Announces a new prompt once; the countdown inside the handset is left out of live regions. */}
      <p className="visually-hidden" role="status">{hand?.prompt ? `Payment prompt on ${hand.prompt.phoneNumber}: KES ${formatMinor(hand.prompt.amount)}` : ''}</p>
      <div className="handset">
        <div className="handset__notch" aria-hidden="true" />
        <div className="handset__screen">
          <p className="handset__carrier" aria-hidden="true">Safaricom · 4G</p>
          {content}
        </div>
      </div>
    </Panel>
  )
}
