import { parseMajorToMinor } from '../../../shared/money'
import { TAX_INVOICE_NUMBER_PATTERN } from '../../../shared/tax-invoice'
import { addDays, dayOf, dayRange, isDay } from '../../../shared/local-days'
import { MERCHANT_REFERENCE_PATTERN, PhoneNumberSchema } from '../../../shared/schemas/common'

/** How one free-text query may be read. Every reading that applies is searched; results are grouped by reading. */
export interface SearchReading {
  /** The query as one token, when it could be an id, a merchant reference or a receipt. */
  token: string | null
  /** The query as a tax invoice number (shared/tax-invoice.ts: slashes allowed), when it could be one. */
  invoice: string | null
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

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?'
/** Trailing days as people type them: 26/11, 26/11/2026, 26 Nov, 27 November 2026, Nov 27. */
const DAY_FORMS: readonly { pattern: RegExp; parts(m: RegExpExecArray): [day: string, month: string, year: string | undefined] }[] = [
  { pattern: /^(.*?)\s+(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?$/, parts: (m) => [m[2]!, m[3]!, m[4]] },
  { pattern: new RegExp(`^(.*?)\\s+(\\d{1,2})\\s+${MONTH}(?:\\s+(\\d{4}))?$`, 'i'), parts: (m) => [m[2]!, String(MONTHS.indexOf(m[3]!.toLowerCase()) + 1), m[4]] },
  { pattern: new RegExp(`^(.*?)\\s+${MONTH}\\s+(\\d{1,2})(?:,?\\s+(\\d{4}))?$`, 'i'), parts: (m) => [m[3]!, String(MONTHS.indexOf(m[2]!.toLowerCase()) + 1), m[4]] },
]

/** Day and month (and maybe year) -> YYYY-MM-DD; without a year, the latest such day not after `today`. */
function calendarDay(day: string, month: string, year: string | undefined, today: string): string | null {
  const pad = (n: string) => n.padStart(2, '0')
  const candidate = (y: number) => `${String(y).padStart(4, '0')}-${pad(month)}-${pad(day)}`
  if (year !== undefined) {
    const full = year.length === 2 ? `20${year}` : year
    return isDay(candidate(Number(full))) ? candidate(Number(full)) : null
  }
  const thisYear = Number(today.slice(0, 4))
  for (const y of [thisYear, thisYear - 1]) if (isDay(candidate(y)) && candidate(y) <= today) return candidate(y)
  return null
}

/** A trailing day ("yesterday", "today", "2026-11-20", "26/11", "27 Nov") split off the query, in the given zone. */
function splitDay(query: string, now: number, timeZone: string): { rest: string; day: SearchReading['day'] } {
  const today = dayOf(now, timeZone)
  let found: { rest: string; day: string } | null = null
  const word = /^(.*?)\s+(\S+)$/.exec(query)
  if (word) {
    const last = word[2]!.toLowerCase()
    if (last === 'today') found = { rest: word[1]!, day: today }
    else if (last === 'yesterday') found = { rest: word[1]!, day: addDays(today, -1) }
    else if (isDay(last)) found = { rest: word[1]!, day: last }
  }
  for (const form of DAY_FORMS) {
    if (found) break
    const match = form.pattern.exec(query)
    const day = match ? calendarDay(...form.parts(match), today) : null
    if (match && day) found = { rest: match[1]!, day }
  }
  if (found === null) return { rest: query, day: null }
  return { rest: found.rest, day: { from: found.day, to: found.day, ...dayRange(found.day, found.day, timeZone) } }
}

/**
 * "0712 345 678 1500" or "1,500 0712345678": a phone and an amount, split where both read. The phone first
 * is tried at every split before the amount first, so "0782 127 284 432" is 0782127284 and 432, not 782
 * and 0127284432.
 */
function readPhoneAndAmount(text: string): { phoneNumber: string; amount: number } | null {
  const tokens = text.split(/\s+/)
  for (const phoneFirst of [true, false]) {
    for (let k = 1; k < tokens.length; k++) {
      const head = tokens.slice(0, k).join(' ')
      const tail = tokens.slice(k).join(' ')
      const phoneNumber = readPhone(phoneFirst ? head : tail)
      const amount = phoneNumber === null ? null : readAmount(phoneFirst ? tail : head)
      if (phoneNumber !== null && amount !== null) return { phoneNumber, amount }
    }
  }
  return null
}

/**
 * The spellings of a receipt read out or typed with the letter O for the digit 0 (or the other way round):
 * every O/0 position both ways, at most 64 spellings; beyond six such positions, all-0 and all-O only.
 */
export function receiptSpellings(token: string): string[] {
  const upper = token.toUpperCase()
  const positions = [...upper].flatMap((char, index) => (char === 'O' || char === '0' ? [index] : []))
  if (positions.length === 0) return [upper]
  if (positions.length > 6) return [...new Set([upper, upper.replace(/O/g, '0'), upper.replace(/0/g, 'O')])]
  const spellings: string[] = []
  for (let mask = 0; mask < 1 << positions.length; mask++) {
    const chars = [...upper]
    positions.forEach((position, bit) => { chars[position] = mask & (1 << bit) ? 'O' : '0' })
    spellings.push(chars.join(''))
  }
  return spellings
}

export function readQuery(query: string, now: number, timeZone: string): SearchReading {
  const trimmed = query.trim()
  const token = MERCHANT_REFERENCE_PATTERN.test(trimmed) ? trimmed : null
  const invoice = TAX_INVOICE_NUMBER_PATTERN.test(trimmed) ? trimmed : null
  const reading = { token, invoice, phoneNumber: readPhone(trimmed), amount: null as number | null, day: null as SearchReading['day'], words: [] as string[] }
  if (reading.phoneNumber !== null) return reading
  const split = splitDay(trimmed, now, timeZone)
  reading.amount = readAmount(split.rest)
  if (reading.amount === null) Object.assign(reading, readPhoneAndAmount(split.rest) ?? {})
  // A phone with a day alone ("0712 345 678 yesterday") reads as that phone on that day.
  if (reading.amount === null && split.day !== null) reading.phoneNumber = readPhone(split.rest)
  if (reading.amount !== null || reading.phoneNumber !== null) return { ...reading, day: split.day }
  // Narration words: only when the query is not wholly a phone number or an amount (with its day).
  reading.words = (trimmed.match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => !CURRENCY_WORDS.has(word.toLowerCase()) && !(DAY_WORDS as readonly string[]).includes(word.toLowerCase()))
    .slice(0, 8)
  return reading
}
