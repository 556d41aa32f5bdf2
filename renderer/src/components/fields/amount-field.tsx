import { amountInput, amountRangeText, type AmountBounds } from '../../forms/amount'
import { formatMinor } from '../../../../shared/money'
import { TextField, type TextFieldProps } from './text-field'

export interface AmountFieldProps extends Omit<TextFieldProps, 'prefix' | 'inputMode' | 'type' | 'hint'> {
  /** The operation's bounds from AMOUNT_BOUNDS, stated in the hint in shillings. */
  bounds: AmountBounds
  hint?: string
}

/**
 * An amount typed in shillings ("1,250.50"). The form converts it with parseMajorToMinor; the hint states
 * the operation's range and echoes the amount as it will be sent, so a typo like 12500 vs 125.00 is caught early.
 */
export function AmountField({ bounds, hint, value, ...rest }: AmountFieldProps) {
  const { minor } = amountInput(value)
  const echo = minor !== undefined ? ` · sends KES ${formatMinor(minor)}` : ''
  return (
    <TextField
      {...rest}
      value={value}
      prefix="KES"
      inputMode="decimal"
      autoComplete="off"
      hint={`${hint ?? amountRangeText(bounds)}${echo}`}
    />
  )
}
