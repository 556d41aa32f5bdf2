import { dayOf, isDay } from '../../../shared/local-days'
import { PHONE_PATTERN } from '../../../shared/schemas/common'
import type { AmountUnit } from '../../../shared/schemas/reconciliations'

/**
 * The values of one file cell as merchants write them. Pure: the caller turns a null into an error that
 * names the line and column.
 */

const CURRENCY = /^(?:kes|ksh|kshs|sh|shs)\.?\s*|\s*(?:kes|ksh|kshs|\/=|\/-)$/gi
const SHILLINGS = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/
const CENTS = /^(\d{1,3}(?:,\d{3})+|\d+)$/

/**
 * An amount cell in cents: in `KES`, shillings with at most two decimals ("1,500", "1500.5", "KES 1,500.00",
 * "Ksh 1,500/="); in `cents`, a whole number ("150000"). Null when the cell is not such an amount.
 */
export function readAmountCell(cell: string, unit: AmountUnit): number | null {
  const text = cell.trim().replace(CURRENCY, '').trim()
  if (unit === 'cents') {
    const match = CENTS.exec(text)
    if (!match) return null
    const cents = Number(match[1]!.replace(/,/g, ''))
    return Number.isSafeInteger(cents) ? cents : null
  }
  const match = SHILLINGS.exec(text)
  if (!match) return null
  const cents = Number(match[1]!.replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(cents) ? cents : null
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/
const DAY_MONTH_YEAR = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T,]+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)?$/i

/**
 * The local day of a date cell: ISO ("2026-11-20", "2026-11-20 14:03", "2026-11-20T11:03:00Z": a time with a
 * zone or Z is an instant, read in `timeZone`) or day/month/year ("20/11/2026", "20-11-2026 2:03 PM",
 * "20.11.2026"). Null when the cell is neither.
 */
export function readDayCell(cell: string, timeZone: string): string | null {
  const text = cell.trim()
  const iso = ISO.exec(text)
  if (iso) {
    const day = `${iso[1]}-${iso[2]}-${iso[3]}`
    if (!isDay(day)) return null
    if (iso[7] === undefined) return day
    const instant = Date.parse(text.replace(' ', 'T'))
    return Number.isNaN(instant) ? null : dayOf(instant, timeZone)
  }
  const dmy = DAY_MONTH_YEAR.exec(text)
  if (!dmy) return null
  const day = `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`
  return isDay(day) ? day : null
}

const PHONE_SEPARATORS = /[\s().-]/g

/** A Kenyan mobile number in any spelling ("0712 345 678", "+254-712-345678", "712345678") as stored (+254…), or null. */
export function readPhoneCell(cell: string): string | null {
  let compact = cell.replace(PHONE_SEPARATORS, '')
  if (/^[71]\d{8}$/.test(compact)) compact = `0${compact}`
  return PHONE_PATTERN.test(compact) ? `+254${compact.slice(-9)}` : null
}
