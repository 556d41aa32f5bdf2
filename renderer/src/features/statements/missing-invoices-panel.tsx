import { useState } from 'react'
import { useMissingInvoices, useMissingInvoicesCsv } from '../../api/hooks/statement-files'
import { Money } from '../../components/money'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { downloadCsv } from '../../lib/download'

const KIND_LABELS = { charge: 'Payments received', payout: 'Payouts', reversal: 'Reversals' } as const

function ExportMissing({ range }: { range: { from: string; to: string } }) {
  const exportCsv = useMissingInvoicesCsv()
  const [status, setStatus] = useState('')
  const name = `missing-invoices-${range.from}-to-${range.to}.csv`
  const run = () => exportCsv.mutate({ query: range }, {
    onSuccess: (text) => {
      downloadCsv(text, name)
      setStatus(`Downloaded ${name}`)
    },
    onError: (error) => setStatus(`Could not export: ${error.message}`),
  })
  return (
    <>
      <button type="button" className="button button--secondary button--small" onClick={run}>Export missing invoices</button>
      <span role="status" className="visually-hidden">{status}</span>
    </>
  )
}

/**
 * Completed payments of the period without metadata.taxInvoiceNumber, by kind: what the bookkeeper chases
 * before filing (KRA taxes a cost without an eTIMS invoice as profit).
 */
export function MissingInvoicesPanel({ range }: { range: { from: string; to: string } }) {
  const report = useMissingInvoices(range)
  return (
    <Panel title="Missing invoices" actions={<ExportMissing range={range} />}>
      <QueryView query={report} loadingLabel="Counting payments without an invoice…">
        {(data) => (
          <div className="stack" data-testid="missing-invoices">
            <p className={data.missing.count === 0 ? 'notice notice--success' : 'notice'}>
              {data.missing.count === 0
                ? `Every completed payment of the period has a tax invoice number (${data.withInvoice.count}).`
                : `${data.missing.count} of ${data.missing.count + data.withInvoice.count} completed payments have no tax invoice number.`}
            </p>
            {data.byKind.length > 0 ? (
              <dl className="statement-summary" aria-label="Missing invoices by kind">
                {data.byKind.map((k) => (
                  <div key={k.kind}><dt>{KIND_LABELS[k.kind]}: {k.count}</dt><dd><Money minor={k.amount} /></dd></div>
                ))}
              </dl>
            ) : null}
          </div>
        )}
      </QueryView>
    </Panel>
  )
}
