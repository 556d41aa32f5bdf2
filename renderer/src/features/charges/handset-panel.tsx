import { useEffect, useRef, useState } from 'react'
import type { Prompt, PromptAnswer } from '../../../../shared/schemas/simulator'
import type { Customer } from '../../../../shared/schemas/customers'
import { useConsoleInfo } from '../../api/hooks/console'
import { useCustomers } from '../../api/hooks/customers'
import { useAnswerPrompt, usePrompts, useSimulatorState } from '../../api/hooks/simulator'
import { ErrorNotice } from '../../components/error-notice'
import { LoadingState } from '../../components/loading-state'
import { Money } from '../../components/money'
import { Panel } from '../../components/panel'
import { formatRelative } from '../../lib/dates'
import { formatMinor } from '../../../../shared/money'

const ANSWERS: { answer: PromptAnswer; label: string; className: string }[] = [
  { answer: 'approve', label: 'Enter PIN and approve', className: 'button button--success button--block' },
  { answer: 'wrong_pin', label: 'Enter a wrong PIN', className: 'button button--secondary button--block' },
  { answer: 'cancel', label: 'Cancel', className: 'button button--secondary button--block' },
]

/** Re-renders every second while enabled, for the prompt's expiry countdown. */
function useTicker(enabled: boolean): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    if (!enabled) return
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [enabled])
  return now
}

/** The phones the handset can show: those with a prompt waiting first, then the other simulated customers. */
function phonesOf(prompts: readonly Prompt[], customers: readonly Customer[]): string[] {
  const waiting = prompts.map((p) => p.phoneNumber)
  return [...new Set([...waiting, ...customers.map((c) => c.phoneNumber)])]
}

function phoneLabel(phone: string, prompts: readonly Prompt[], customers: readonly Customer[]): string {
  const name = customers.find((c) => c.phoneNumber === phone)?.name
  const count = prompts.filter((p) => p.phoneNumber === phone).length
  return `${name ? `${name} · ` : ''}${phone}${count > 0 ? ` (${count} prompt${count > 1 ? 's' : ''})` : ''}`
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
  const info = useConsoleInfo()
  const answer = useAnswerPrompt()
  const promptRef = useRef<HTMLDivElement>(null)
  const realNow = useTicker(interactive && (prompts.data?.length ?? 0) > 0)
  // Simulated now when the state was read, plus the real time since: right for the running clock and close
  // enough for a seeded run's clock (docs/simulator.md "Seeded runs"), whose offset is not from the wall clock.
  const simulatedNow = simulator.data ? simulator.data.now + (realNow - simulator.dataUpdatedAt) : realNow

  let content
  let announcement = ''
  let shownPromptId: string | undefined
  if (simulator.isPending) content = <LoadingState compact label="Checking the simulator…" />
  else if (simulator.isError) content = <ErrorNotice error={simulator.error} onRetry={() => void simulator.refetch()} />
  else if (!interactive) {
    content = (
      <p className="handset__idle">
        The simulator is in <strong>{simulator.data.mode}</strong> mode and answers prompts itself
        {simulator.data.mode === 'fast' ? ' within 1–3 s' : ''}. Switch to <strong>interactive</strong> mode in Settings to answer them here.
      </p>
    )
  } else if (prompts.isPending) content = <LoadingState compact label="Waiting for prompts…" />
  else if (prompts.isError) content = <ErrorNotice error={prompts.error} onRetry={() => void prompts.refetch()} />
  else {
    const items = prompts.data
    const known = customers.data ?? []
    const phones = phonesOf(items, known)
    const phone = chosenPhone ?? items.find((p) => p.transactionId === focusTransactionId)?.phoneNumber ?? items[0]?.phoneNumber ?? phones[0]
    const onPhone = items.filter((p) => p.phoneNumber === phone)
    const prompt: Prompt | undefined = onPhone.find((p) => p.transactionId === focusTransactionId) ?? onPhone[0]
    const wallet = known.find((c) => c.phoneNumber === phone)
    const elsewhere = items.length - onPhone.length
    announcement = prompt ? `Payment prompt on ${prompt.phoneNumber}: KES ${formatMinor(prompt.amount)}` : ''
    shownPromptId = prompt?.transactionId
    const switcher = phones.length > 1 ? (
      <label className="handset__switch">
        <select className="input select" aria-label="Phone in hand" value={phone} onChange={(e) => setChosenPhone(e.target.value)}>
          {phones.map((p) => <option key={p} value={p}>{phoneLabel(p, items, known)}</option>)}
        </select>
      </label>
    ) : null
    const footer = (
      <>
        {wallet ? <p className="handset__prompt-text" data-testid="handset-wallet">M-PESA balance <Money minor={wallet.balance} /></p> : null}
        {elsewhere > 0 ? <p className="handset__prompt-text">{elsewhere} waiting on other phones</p> : null}
      </>
    )
    content = prompt ? (
      <>
      {switcher}
      <div className="handset__prompt" role="group" aria-label="Payment prompt on the customer's phone" data-testid="handset-prompt" ref={promptRef}>
        <p className="handset__prompt-title">M-PESA</p>
        <p className="handset__prompt-text">
          Pay <strong><Money minor={prompt.amount} /></strong> to {info.data?.organization.name ?? 'the merchant'}
          {prompt.merchantTransactionId ? <> for {prompt.merchantTransactionId}</> : null}?
          {prompt.narration ? <> “{prompt.narration}”</> : null}
        </p>
        <p className="handset__prompt-text">To {prompt.phoneNumber} · expires {formatRelative(prompt.expiresAt, simulatedNow)}</p>
        <div className="handset__actions">
          {ANSWERS.map((option) => (
            <button key={option.answer} type="button" className={option.className} disabled={answer.isPending}
              onClick={() => answer.mutate({ params: { transactionId: prompt.transactionId }, body: { answer: option.answer } })}>
              {option.label}
            </button>
          ))}
        </div>
        {onPhone.length > 1 ? <p className="handset__prompt-text">{onPhone.length - 1} more waiting on this phone</p> : null}
      </div>
      {footer}
      </>
    ) : (
      <>
        {switcher}
        <p className="handset__idle">No prompt waiting. Send a charge and it appears here.</p>
        {footer}
      </>
    )
  }

  // The prompt of the charge just sent comes into view (on a 1024×700 screen the handset sits below the fold).
  useEffect(() => {
    if (shownPromptId !== undefined && shownPromptId === focusTransactionId) promptRef.current?.scrollIntoView({ block: 'nearest' })
  }, [shownPromptId, focusTransactionId])

  return (
    <Panel title="Customer's phone">
      {answer.isError ? <ErrorNotice error={answer.error} title="The answer was refused" /> : null}
      {/* Announces a new prompt once; the countdown inside the handset is left out of live regions. */}
      <p className="visually-hidden" role="status">{announcement}</p>
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
