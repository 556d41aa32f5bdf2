import { useEffect, useState } from 'react'
import type { Customer } from '../../../../shared/schemas/customers'
import type { Prompt } from '../../../../shared/schemas/simulator'

/** Re-renders every second while enabled, for the prompt's expiry countdown. */
export function useTicker(enabled: boolean): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    if (!enabled) return
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [enabled])
  return now
}

/** The handset's state: which phone is in hand, its prompt, its wallet, what waits elsewhere. */
export interface PhoneInHand {
  /** The phones the handset can show: those with a prompt waiting first, then the other simulated customers. */
  phones: string[]
  phone: string | undefined
  onPhone: Prompt[]
  prompt: Prompt | undefined
  wallet: Customer | undefined
  elsewhere: number
}

/** The phone chosen, else the one of the charge just sent, else the first with a prompt, else the first known. */
export function phoneInHand(prompts: readonly Prompt[], customers: readonly Customer[], chosenPhone: string | undefined, focusTransactionId: string | undefined): PhoneInHand {
  const phones = [...new Set([...prompts.map((p) => p.phoneNumber), ...customers.map((c) => c.phoneNumber)])]
  const phone = chosenPhone ?? prompts.find((p) => p.transactionId === focusTransactionId)?.phoneNumber ?? prompts[0]?.phoneNumber ?? phones[0]
  const onPhone = prompts.filter((p) => p.phoneNumber === phone)
  return {
    phones, phone, onPhone,
    prompt: onPhone.find((p) => p.transactionId === focusTransactionId) ?? onPhone[0],
    wallet: customers.find((c) => c.phoneNumber === phone),
    elsewhere: prompts.length - onPhone.length,
  }
}

export function phoneLabel(phone: string, prompts: readonly Prompt[], customers: readonly Customer[]): string {
  const name = customers.find((c) => c.phoneNumber === phone)?.name
  const count = prompts.filter((p) => p.phoneNumber === phone).length
  return `${name ? `${name} · ` : ''}${phone}${count > 0 ? ` (${count} prompt${count > 1 ? 's' : ''})` : ''}`
}
