import { useEffect, useState } from 'react'
import { isDay } from '../../../../shared/local-days'
import { TextField, type TextFieldProps } from './text-field'

const DAY_FIRST = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/

/** "26/11/2026" (day first, as Kenya writes it) or "2026-11-26" -> "2026-11-26"; anything else as typed. */
export function normaliseDay(text: string): string {
  const trimmed = text.trim()
  const match = DAY_FIRST.exec(trimmed)
  if (!match) return trimmed
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`
  return isDay(iso) ? iso : trimmed
}

/**
 * A calendar day typed as text, ISO (2026-11-26) or day first (26/11/2026): never the browser's date
 * picker, whose format follows the browser's locale (11/26/2026 in a US-English browser). `onChange` gets
 * the ISO day once the text is one, else the text as typed (callers wait for a whole day).
 */
export function DayField({ value, onChange, ...rest }: Omit<TextFieldProps, 'type' | 'inputMode' | 'placeholder'>) {
  const [text, setText] = useState(value)
  // A new value from outside (a preset, a reset) replaces what is shown.
  useEffect(() => setText(value), [value])
  return (
    <TextField {...rest} value={text} inputMode="numeric" placeholder="YYYY-MM-DD" spellCheck={false} autoComplete="off"
      onChange={(typed) => { setText(typed); onChange(normaliseDay(typed)) }} />
  )
}
