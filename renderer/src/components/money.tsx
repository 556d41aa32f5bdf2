import { CURRENCY, formatMinor } from '../../../shared/money'

export interface MoneyProps {
  /** Integer minor units (cents); null shows a dash (unknown amount). */
  minor: number | null | undefined
  currency?: string
  /** Adds a + for positive amounts, e.g. in a ledger of credits and debits. */
  signed?: boolean
  className?: string
}

/** An amount from integer minor units, formatted without floating-point arithmetic (formatMinor). */
export function Money({ minor, currency = CURRENCY, signed = false, className }: MoneyProps) {
  if (minor === null || minor === undefined) return <span className={['money', className].filter(Boolean).join(' ')}>—</span>
  const text = formatMinor(minor, currency)
  const classes = ['money', minor < 0 ? 'money--negative' : '', className].filter(Boolean).join(' ')
  return <span className={classes}>{signed && minor > 0 ? `+${text}` : text}</span>
}
