import { useId, type ReactNode } from 'react'
import { errorSentence } from '../../forms/field-errors'

export interface FieldBaseProps {
  label: string
  /** Help shown under the label, read by screen readers with the control (aria-describedby). */
  hint?: ReactNode
  /** The field's error message (schema or API); shown under the control and announced. */
  error?: string
  required?: boolean
  /** Extra class for layout (e.g. `field--wide`). */
  className?: string
  /** Filters are never "required"; set false to drop the "(optional)" mark. Default true. */
  markOptional?: boolean
}

export interface ControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
  'aria-required'?: true
}

/**
 * Label, hint and error around one control, wired for assistive technology: the label names the control,
 * hint and error describe it, `aria-invalid` flags it. Every field component is built on this.
 */
export function FieldShell({ label, hint, srHint, error, required, markOptional = true, className, addon, children }: FieldBaseProps & {
  /** Text after the label, e.g. a character counter. */
  addon?: ReactNode
  /** Description for screen readers only (a visible counter's spoken form). */
  srHint?: string
  children(control: ControlProps): ReactNode
}) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const srHintId = srHint ? `${id}-sr-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, hintId, srHintId].filter(Boolean).join(' ') || undefined
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
          {required ? <span className="field__required" aria-hidden="true"> *</span> : markOptional ? <span className="field__optional"> (optional)</span> : null}
        </label>
        {addon}
      </div>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, 'aria-required': required ? true : undefined })}
      {hint ? <p className="field__hint" id={hintId}>{hint}</p> : null}
      {srHint ? <span className="visually-hidden" id={srHintId}>{srHint}</span> : null}
      {error ? <p className="field__error" id={errorId}>{errorSentence(label, error)}</p> : null}
    </div>
  )
}
