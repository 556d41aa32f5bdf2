import { useState } from 'react'
import type { Statement } from '../../../../shared/schemas/console-support'
import { statementCsv } from '../../../../shared/statements/statement-csv'
import { downloadBlob, downloadCsv } from '../../lib/download'


function fileName(statement: Statement, extension: 'csv' | 'pdf'): string {
  return `statement-${statement.account.accountNo}-${statement.from}-to-${statement.to}.${extension}`
}

/**
 * CSV and PDF of the statement on screen, built in the page from the same JSON the screen shows
 * (shared/statements/), so the files carry exactly its figures. pdf-lib loads on first use only.
 */
export function StatementDownloads({ statement }: { statement: Statement }) {
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  const csv = () => {
    const name = fileName(statement, 'csv')
    downloadCsv(statementCsv(statement), name)
    setStatus(`Downloaded ${name}`)
  }
  const pdf = async () => {
    setBusy(true)
    try {
      const { statementPdf } = await import('../../../../shared/statements/statement-pdf')
      const bytes = await statementPdf(statement)
      const name = fileName(statement, 'pdf')
      downloadBlob(new Blob([bytes as BlobPart], { type: 'application/pdf' }), name)
      setStatus(`Downloaded ${name}`)
    } catch (error) {
      setStatus(`Could not build the PDF: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" className="button button--secondary button--small" onClick={csv}>Download CSV</button>
      <button type="button" className="button button--secondary button--small" onClick={() => void pdf()} disabled={busy} aria-busy={busy}>
        {busy ? 'Building PDF…' : 'Download PDF'}
      </button>
      <span className="visually-hidden" role="status">{status}</span>
    </>
  )
}
