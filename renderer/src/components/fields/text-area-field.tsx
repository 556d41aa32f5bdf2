import { FieldShell, type FieldBaseProps } from './field-shell'

export interface TextAreaFieldProps extends FieldBaseProps {
  value: string
  onChange(value: string): void
  onBlur?(): void
  /** The schema's limit; shows a live counter. Typing past it is allowed so the error explains the limit. */
  maxLength?: number
  rows?: number
}

export function TextAreaField({ label, hint, error, required, markOptional, className, value, onChange, onBlur, maxLength, rows = 3 }: TextAreaFieldProps) {
  const counter = maxLength !== undefined ? (
    <span className={value.length > maxLength ? 'field__counter field__counter--over' : 'field__counter'} aria-hidden="true">
      {value.length} / {maxLength}
    </span>
  ) : null
  const counterHint = maxLength !== undefined ? `${value.length} of ${maxLength} characters used.` : undefined
  return (
    <FieldShell label={label} hint={hint} srHint={counterHint} error={error} required={required} markOptional={markOptional} className={className} addon={counter}>
      {(control) => <textarea {...control} className="input textarea" rows={rows} value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />}
    </FieldShell>
  )
}
