import { useRequestLog } from '../../api/hooks/requests'
import { PATHS } from '../../lib/paths'
import { Link, pathTo } from '../../lib/router'
import { QueryView } from '../query-view'
import { Timestamp } from '../timestamp'
import { StatusTag } from './request-columns'

/** The API requests that created or read a transaction (transaction detail), newest first, each linking to its request screen. */
export function TransactionRequests({ transactionId }: { transactionId: string }) {
  const log = useRequestLog({ transactionId, limit: '50' })
  return (
    <QueryView query={log} loadingLabel="Loading requests…" isEmpty={(page) => page.items.length === 0}
      empty={<p className="form__note">No API request is logged for this transaction (it was created from the console, or the log has dropped it).</p>}>
      {(page) => (
        <ul className="request-warnings" aria-label="API requests of this transaction" data-testid="transaction-requests">
          {page.items.map((entry) => (
            <li key={entry.requestId} className="row">
              <StatusTag status={entry.status} />
              <Link to={pathTo(PATHS.request, { requestId: entry.requestId })}><code>{`${entry.method} ${entry.path}${entry.query}`}</code></Link>
              <Timestamp ms={entry.at} compact />
              <code>{entry.requestId}</code>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  )
}
