const SECOND_MS = 1_000
const MINUTE_MS = 60 * SECOND_MS
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** Units a clock jump is typed in. */
export const DURATION_UNITS = [
  { value: 'seconds', label: 'seconds', ms: SECOND_MS },
  { value: 'minutes', label: 'minutes', ms: MINUTE_MS },
  { value: 'hours', label: 'hours', ms: HOUR_MS },
  { value: 'days', label: 'days', ms: DAY_MS },
] as const
export type DurationUnit = (typeof DURATION_UNITS)[number]['value']

/** One-click jumps that cover the simulator's timings: a charge, a webhook retry step, a settlement, a day. */
export const QUICK_ADVANCES: { label: string; ms: number }[] = [
  { label: '+30 s', ms: 30 * SECOND_MS },
  { label: '+5 min', ms: 5 * MINUTE_MS },
  { label: '+1 h', ms: HOUR_MS },
  { label: '+1 day', ms: DAY_MS },
]

export function unitMs(unit: DurationUnit): number {
  return DURATION_UNITS.find((u) => u.value === unit)!.ms
}

/** 90061000 -> "1 d 1 h 1 min 1 s"; 0 -> "0 s". Whole seconds; the largest three parts. */
export function formatDuration(ms: number): string {
  let rest = Math.round(Math.abs(ms) / SECOND_MS)
  const parts: string[] = []
  for (const [size, unit] of [[86_400, 'd'], [3_600, 'h'], [60, 'min'], [1, 's']] as const) {
    const count = Math.floor(rest / size)
    rest -= count * size
    if (count > 0) parts.push(`${count} ${unit}`)
  }
  return parts.length === 0 ? '0 s' : parts.slice(0, 3).join(' ')
}
