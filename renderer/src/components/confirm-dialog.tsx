import { useEffect, useId, useRef, type ReactNode } from 'react'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  children?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  /** `danger` for irreversible actions (revoke, reset). */
  tone?: 'primary' | 'danger'
  busy?: boolean
  onConfirm(): void
  onCancel(): void
}

/**
 * A modal confirmation on the native <dialog>: the browser traps focus, Escape cancels and focus
 * returns to the opener. The cancel button takes focus first so Enter never confirms by accident.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = 'Cancel', tone = 'primary', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={children ? `${id}-body` : undefined}
      onCancel={(event) => {
        event.preventDefault()
        if (!busy) onCancel()
      }}
    >
      <h2 className="dialog__title" id={`${id}-title`}>{title}</h2>
      {children ? <div className="dialog__body" id={`${id}-body`}>{children}</div> : null}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy} autoFocus>{cancelLabel}</button>
        <button type="button" className={tone === 'danger' ? 'button button--danger' : 'button button--primary'} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
