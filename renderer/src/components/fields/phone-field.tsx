import type { ReactNode } from 'react'
import { phoneToUse } from '../../forms/phone'
import { TextField, type TextFieldProps } from './text-field'

/**
 * A Kenyan mobile number in any spelling the API or a person uses (+254 712 345 678, 254712345678,
 * 0712-345-678, 712 345 678); once it is one, the hint shows the number that will be used.
 */
export function PhoneField({ hint, value, ...rest }: Omit<TextFieldProps, 'type' | 'hint'> & { hint?: ReactNode }) {
  const number = phoneToUse(value)
  const shown = number
    ? <><span data-testid="phone-to-use">Will use <strong>{number}</strong></span>{hint ? <> · {hint}</> : null}</>
    : <>Any spelling: 0712 345 678, +254 712 345 678, 254712345678{hint ? <> · {hint}</> : null}</>
  return <TextField {...rest} type="tel" autoComplete="off" value={value} hint={shown} />
}
