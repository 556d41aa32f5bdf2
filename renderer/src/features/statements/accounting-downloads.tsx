import { useState } from 'react'
import { useStatementBankCsv, useStatementOfx } from '../../api/hooks/statement-files'
import { Panel } from '../../components/panel'
import { downloadBlob, downloadCsv } from '../../lib/download'

type Format = 'xero' | 'quickbooks' | 'ofx'

/** Each format by the software that imports it, with how to import it in one line. */
const FORMATS: { format: Format; label: string; how: string }[] = [
  { format: 'xero', label: 'For Xero', how: 'In Xero: Accounting → Bank accounts → the account → Manage account → Import a statement (at most 1,000 lines a file).' },
  { format: 'quickbooks', label: 'For QuickBooks', how: 'In QuickBooks Online: Transactions → Bank transactions → Link account → Upload from file; pick the date format DD/MM/YYYY.' },
  { format: 'ofx', label: 'OFX', how: 'Sage, Wave, QuickBooks and Xero import it as is (bank statement import / upload a bank file); opening and closing balances included.' },
]

/**
 * The statement of the chosen account and days in the files accounting software imports (the server builds
 * them on the organization's local days, with fees as their own lines and the tax invoice number in the memo).
 */
export function AccountingDownloads({ accountNo, range }: { accountNo: string; range: { from: string; to: string } }) {
  const ofx = useStatementOfx()
  const csv = useStatementBankCsv()
  const [status, setStatus] = useState('')
  const base = `statement-${accountNo}-${range.from}-to-${range.to}`
  const fail = (error: Error) => setStatus(`Could not build the file: ${error.message}`)
  const download = (format: Format) => {
    if (format === 'ofx') {
      ofx.mutate({ params: { accountNo }, query: range }, {
        onSuccess: (text) => {
          downloadBlob(new Blob([text], { type: 'application/x-ofx' }), `${base}.ofx`)
          setStatus(`Downloaded ${base}.ofx`)
        },
        onError: fail,
      })
      return
    }
    csv.mutate({ params: { accountNo }, query: { ...range, format } }, {
      onSuccess: (text) => {
        downloadCsv(text, `${base}-${format}.csv`)
        setStatus(`Downloaded ${base}-${format}.csv`)
      },
      onError: fail,
    })
  }
  return (
    <Panel title="For your accountant">
      <ul className="accounting-formats" aria-label="Statement files for accounting software">
        {FORMATS.map((f) => (
          <li key={f.format}>
            <button type="button" className="button button--secondary button--small" onClick={() => download(f.format)} disabled={accountNo === ''}>{f.label}</button>
            <span className="form__note">{f.how}</span>
          </li>
        ))}
      </ul>
      <span role="status" className="visually-hidden">{status}</span>
    </Panel>
  )
}
