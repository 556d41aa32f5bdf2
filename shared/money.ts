/**
 * Money is always an integer number of minor units (cents). These helpers convert to and from the text a
 * person types or reads without ever doing floating-point arithmetic on an amount.
 */
export const CURRENCY = 'KES'
export const MINOR_PER_MAJOR = 100

/** Amount bounds per operation, in minor units (DECISIONS "Bodies and bounds"). */
export const AMOUNT_BOUNDS = {
  charge: { min: 1_000, max: 25_000_000, multipleOf: 100 },
  b2c: { min: 1, max: 15_000_000, multipleOf: 1 },
  b2b: { min: 1, max: 15_000_000, multipleOf: 1 },
  bankTransfer: { min: 1, max: 100_000_000, multipleOf: 1 },
  topUp: { min: 1, max: 10_000_000_000, multipleOf: 1 },
} as const

export const NARRATION_MAX_LENGTH = 140

/** "123456" -> "1,234.56"; negative amounts keep their sign. */
export function formatMinor(minor: number, currency?: string): string {
  const sign = minor < 0 ? '-' : ''
  const abs = Math.abs(minor)
  const major = Math.floor(abs / MINOR_PER_MAJOR)
  const cents = String(abs % MINOR_PER_MAJOR).padStart(2, '0')
  const grouped = String(major).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${currency ? `${currency} ` : ''}${sign}${grouped}.${cents}`
}

/**
 * Parses a major-unit amount as typed ("1,250", "1250.5", "0.01") into minor units.
 * Returns null for anything that is not a plain non-negative amount with at most two decimals.
 */
export function parseMajorToMinor(text: string): number | null {
  const match = /^\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!match) return null
  const whole = Number((match[1] ?? '0').replace(/,/g, ''))
  const fraction = Number((match[2] ?? '').padEnd(2, '0'))
  const minor = whole * MINOR_PER_MAJOR + fraction
  return Number.isSafeInteger(minor) ? minor : null
}
