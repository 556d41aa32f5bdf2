import { useEffect, useState } from 'react'
import { TextField, type TextFieldProps } from './text-field'

const TIME = /^(\d{1,2})[:.h]?(\d{2})$/

/** "9:05", "09.05", "0905", "14:30" -> "09:05" / "14:30" (24-hour); anything else as typed. */
export function normaliseTime(text: string): string {
  const match = TIME.exec(text.trim())
  if (!match) return text.trim()
  const [hours, minutes] = [Number(match[1]), Number(match[2])]
  return hours < 24 && minutes < 60 ? `${String(hours).padStart(2, '0')}:${match[2]}` : text.trim()
}

export const isTime = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text)

/**
 * A time of day typed as text on the 24-hour clock (14:30), never the browser's time picker, whose
 * AM/PM follows the browser's locale. `onChange` gets "HH:MM" once the text is a time, else the text.
 */
export function TimeField({ value, onChange, ...rest }: Omit<TextFieldProps, 'type' | 'inputMode' | 'placeholder'>) {
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  return (
    <TextField {...rest} value={text} inputMode="numeric" placeholder="HH:MM" spellCheck={false} autoComplete="off"
      onChange={(typed) => { setText(typed); onChange(normaliseTime(typed)) }} />
  )
}
