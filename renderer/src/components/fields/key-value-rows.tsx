import { keylessRowErrorKey, newMetadataRow, type MetadataRow } from '../../forms/metadata'
import { TextField } from './text-field'

export interface KeyValueRowsProps {
  legend: string
  hint?: string
  rows: readonly MetadataRow[]
  onChange(rows: MetadataRow[]): void
  onBlur?(): void
  /** The form's error lookup; rows read `metadata.<key>` (schema/API) or their keyless-row key. */
  error(field: string): string | undefined
  /** Error of the whole group (e.g. too many keys). */
  groupError?: string
  maxRows?: number
}

/** Editable key/value rows (request metadata) in a fieldset, each row removable, with per-key errors. */
export function KeyValueRows({ legend, hint, rows, onChange, onBlur, error, groupError, maxRows = 20 }: KeyValueRowsProps) {
  const update = (id: string, patch: Partial<MetadataRow>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)))
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <div className="key-value-rows">
        {rows.map((row, index) => {
          const rowError = (row.key.trim() ? error(`metadata.${row.key.trim()}`) : undefined) ?? error(keylessRowErrorKey(row))
          return (
            <div key={row.id} className="key-value-row">
              <TextField label={`Key ${index + 1}`} value={row.key} onChange={(key) => update(row.id, { key })} onBlur={onBlur} error={rowError} spellCheck={false} autoComplete="off" />
              <TextField label={`Value ${index + 1}`} value={row.value} onChange={(value) => update(row.id, { value })} onBlur={onBlur} autoComplete="off" />
              <button type="button" className="button button--ghost button--small" onClick={() => onChange(rows.filter((r) => r.id !== row.id))} aria-label={`Remove metadata row ${index + 1}`}>
                Remove
              </button>
            </div>
          )
        })}
      </div>
      {groupError ? <p className="field__error" role="alert">{groupError}</p> : null}
      <div>
        <button type="button" className="button button--secondary button--small" onClick={() => onChange([...rows, newMetadataRow()])} disabled={rows.length >= maxRows}>
          Add metadata
        </button>
      </div>
    </fieldset>
  )
}
