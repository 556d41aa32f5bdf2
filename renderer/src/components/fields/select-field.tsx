import { FieldShell, type FieldBaseProps } from './field-shell'

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

export interface SelectFieldProps extends FieldBaseProps {
  value: string
  options: readonly SelectOption[]
  onChange(value: string): void
  onBlur?(): void
  /** Shown as a first, empty choice when nothing is selected yet. */
  placeholder?: string
}

export function SelectField({ label, hint, error, required, markOptional, className, value, options, onChange, onBlur, placeholder }: SelectFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} required={required} markOptional={markOptional} className={className}>
      {(control) => (
        <select {...control} className="input select" value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>{option.label}</option>
          ))}
        </select>
      )}
    </FieldShell>
  )
}
