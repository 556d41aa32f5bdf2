import { parseMajorToMinor } from '../../../shared/money'
import { addDays, dayOf, dayRange, isDay } from '../../../shared/local-days'
import { MERCHANT_REFERENCE_PATTERN, PhoneNumberSchema } from '../../../shared/schemas/common'

/** How one free-text query may be read. Every reading that applies is searched; results are grouped by reading. */
export interface SearchReading {
  /** The query as one token, when it could be an id, a merchant reference or a receipt. */
  token: string | null
  /** The phone number, normalised to +254XXXXXXXXX like every stored phone. */
  phoneNumber: string | null
  amount: number | null
  day: { from: string; to: string; fromMs: number; toMs: number } | null
  /** Narration words (letters and digits only). */
  words: string[]
}

const PHONE_SEPARATORS = /[\s().-]/g
const AMOUNT = /^(?:(?:kes|ksh|kshs|sh|shs)\.?\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?:\s*(?:\/=|\/-))?(?:\s+(?:kes|ksh|kshs|shillings|bob))?$/i
const DAY_WORDS = ['today', 'yesterday'] as const
const CURRENCY_WORDS = new Set(['kes', 'ksh', 'kshs', 'sh', 'shs', 'shillings', 'bob'])

/**
 * Reuses the API's phone normalisation (PhoneNumberSchema): spoken forms only differ by separators and
 * by a dropped leading 0 ("712 345 678"), so those are removed or restored first.
 */
export function readPhone(text: string): string | null {
  let compact = text.replace(PHONE_SEPARATORS, '')
  if (/^[71]\d{8}$/.test(compact)) compact = `0${compact}`
  const parsed = PhoneNumberSchema.safeParse(compact)
  return parsed.success ? parsed.data : null
}

/** "1500", "1,500", "KES 1,500.00", "Ksh 1500/=" -> minor units; null when the text is not an amount. */
export function readAmount(text: string): number | null {
  const match = AMOUNT.exec(text.trim())
  if (!match) return null
  const minor = parseMajorToMinor(match[2] === undefined ? match[1]! : `${match[1]}.${match[2]}`)
  return minor === null || minor === 0 ? null : minor
}

/** A trailing day ("yesterday", "today", "2026-11-20") split off the query, in the given zone. */
function splitDay(query: string, now: number, timeZone: string): { rest: string; day: SearchReading['day'] } {
  const match = /^(.*?)\s+(\S+)$/.exec(query)
  if (!match) return { rest: query, day: null }
  const word = match[2]!.toLowerCase()
  let day: string | null = null
  if (word === 'today') day = dayOf(now, timeZone)
  else if (word === 'yesterday') day = addDays(dayOf(now, timeZone), -1)
  else if (isDay(word)) day = word
  if (day === null) return { rest: query, day: null }
  return { rest: match[1]!, day: { from: day, to: day, ...dayRange(day, day, timeZone) } }
}

export function readQuery(query: string, now: number, timeZone: string): SearchReading {
  const trimmed = query.trim()
  const token = MERCHANT_REFERENCE_PATTERN.test(trimmed) ? trimmed : null
  const phoneNumber = readPhone(trimmed)
  let amount: number | null = null
  let day: SearchReading['day'] = null
  if (phoneNumber === null) {
    const split = splitDay(trimmed, now, timeZone)
    amount = readAmount(split.rest)
    if (amount !== null) day = split.day
  }
  // Narration words: only when the query is not wholly a phone number or an amount (with its day).
  const words = phoneNumber !== null || amount !== null
    ? []
    : (trimmed.match(/[\p{L}\p{N}]+/gu) ?? [])
        .filter((word) => !CURRENCY_WORDS.has(word.toLowerCase()) && !(DAY_WORDS as readonly string[]).includes(word.toLowerCase()))
        .slice(0, 8)
  return { token, phoneNumber, amount, day, words }
}
