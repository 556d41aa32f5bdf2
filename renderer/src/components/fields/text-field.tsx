import type { InputHTMLAttributes, ReactNode } from 'react'
import { FieldShell, type FieldBaseProps } from './field-shell'

type NativeInputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'placeholder' | 'inputMode' | 'spellCheck' | 'maxLength' | 'name' | 'readOnly'>

export interface TextFieldProps extends FieldBaseProps, NativeInputProps {
  value: string
  onChange(value: string): void
  onBlur?(): void
  /** Fixed text before the input, e.g. the currency. */
  prefix?: ReactNode
  /** Text after the label, e.g. a character counter. */
  addon?: ReactNode
}

export function TextField({ label, hint, error, required, markOptional, className, value, onChange, onBlur, prefix, addon, type = 'text', ...native }: TextFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} required={required} markOptional={markOptional} className={className} addon={addon}>
      {(control) => {
        const input = <input {...native} {...control} className="input" type={type} value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />
        return prefix ? (
          <div className="input-group">
            <span className="input-group__prefix" aria-hidden="true">{prefix}</span>
            {input}
          </div>
        ) : input
      }}
    </FieldShell>
  )
}
