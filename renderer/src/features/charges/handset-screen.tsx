import type { Ref } from 'react'
import type { Customer } from '../../../../shared/schemas/customers'
import type { Prompt, PromptAnswer } from '../../../../shared/schemas/simulator'
import { useConsoleInfo } from '../../api/hooks/console'
import { Money } from '../../components/money'
import { formatRelative } from '../../lib/dates'
import { phoneLabel, type PhoneInHand } from './phone-in-hand'

const ANSWERS: { answer: PromptAnswer; label: string; className: string }[] = [
  { answer: 'approve', label: 'Enter PIN and approve', className: 'button button--success button--block' },
  { answer: 'wrong_pin', label: 'Enter a wrong PIN', className: 'button button--secondary button--block' },
  { answer: 'cancel', label: 'Cancel', className: 'button button--secondary button--block' },
]

interface PromptCardProps {
  prompt: Prompt
  /** Prompts waiting on this phone besides this one. */
  more: number
  simulatedNow: number
  busy: boolean
  onAnswer(transactionId: string, answer: PromptAnswer): void
  promptRef: Ref<HTMLDivElement>
}

/** A push prompt as the phone shows it: who asks for how much, when it expires, and the customer's answers. */
function PromptCard({ prompt, more, simulatedNow, busy, onAnswer, promptRef }: PromptCardProps) {
  const info = useConsoleInfo()
  return (
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
          <button key={option.answer} type="button" className={option.className} disabled={busy} onClick={() => onAnswer(prompt.transactionId, option.answer)}>
            {option.label}
          </button>
        ))}
      </div>
      {more > 0 ? <p className="handset__prompt-text">{more} more waiting on this phone</p> : null}
    </div>
  )
}

type PhoneScreenProps = Omit<PromptCardProps, 'prompt' | 'more'> & {
  hand: PhoneInHand
  prompts: readonly Prompt[]
  customers: readonly Customer[]
  onChoosePhone(phone: string): void
}

/** The phone in hand (with a switch when there are several): its prompt or "no prompt", its wallet balance. */
export function PhoneScreen({ hand, prompts, customers, onChoosePhone, ...card }: PhoneScreenProps) {
  const { prompt } = hand
  return (
    <>
      {hand.phones.length > 1 ? (
        <label className="handset__switch">
          <select className="input select" aria-label="Phone in hand" value={hand.phone} onChange={(e) => onChoosePhone(e.target.value)}>
            {hand.phones.map((p) => <option key={p} value={p}>{phoneLabel(p, prompts, customers)}</option>)}
          </select>
        </label>
      ) : null}
      {prompt ? <PromptCard prompt={prompt} more={hand.onPhone.length - 1} {...card} /> : <p className="handset__idle">No prompt waiting. Send a charge and it appears here.</p>}
      {hand.wallet ? <p className="handset__prompt-text" data-testid="handset-wallet">M-PESA balance <Money minor={hand.wallet.balance} /></p> : null}
      {hand.elsewhere > 0 ? <p className="handset__prompt-text">{hand.elsewhere} waiting on other phones</p> : null}
    </>
  )
}
