import { useId, useState, type DragEvent } from 'react'

export interface DroppedFile {
  name: string
  text: string
}

/**
 * A file dropped on the zone or chosen with the button, read as text in the page (the file never leaves
 * it until the reconciliation is sent). Only the first file of a drop is taken.
 */
export function FileDrop({ onFile, file }: { onFile(file: DroppedFile): void; file: DroppedFile | null }) {
  const id = useId()
  const [over, setOver] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const take = (chosen: File | undefined) => {
    if (!chosen) return
    setError(null)
    chosen.text().then((text) => onFile({ name: chosen.name, text }), () => setError(`${chosen.name} could not be read.`))
  }
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setOver(false)
    take(event.dataTransfer.files[0])
  }
  return (
    <div className={over ? 'file-drop file-drop--over' : 'file-drop'} data-testid="file-drop"
      onDragOver={(event) => { event.preventDefault(); setOver(true) }} onDragLeave={() => setOver(false)} onDrop={drop}>
      <p className="file-drop__title">{file ? <>File: <strong>{file.name}</strong></> : 'Drop your order export, bank or M-Pesa statement here (CSV)'}</p>
      <label className="button button--secondary" htmlFor={id}>{file ? 'Choose another file' : 'Choose a file'}</label>
      <input id={id} className="visually-hidden" type="file" accept=".csv,text/csv,text/plain" aria-label="Reconciliation file"
        onChange={(event) => take(event.target.files?.[0])} />
      {error ? <p className="field__error" role="alert">{error}</p> : null}
    </div>
  )
}
