/** Long enough for the browser (or the desktop app's save dialog) to start reading the blob. */
const REVOKE_AFTER_MS = 60_000

/** Hands a file built in the page to the browser as a download (no file system access, no Node). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}

/** Excel opens a UTF-8 CSV as UTF-8 only with a byte order mark; other tools skip it. */
const BOM = '\uFEFF'

/** A CSV text as a download, with the byte order mark Excel needs. */
export function downloadCsv(text: string, fileName: string): void {
  downloadBlob(new Blob([BOM, text], { type: 'text/csv;charset=utf-8' }), fileName)
}
