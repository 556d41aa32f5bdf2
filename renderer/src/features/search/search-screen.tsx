import { useSearchPage } from '../../api/hooks/support'
import type { ScreenProps } from '../../lib/screen-props'
import { Link } from '../../lib/router'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { customerPath, transactionPath } from '../../lib/search-options'
import { SearchOptionView } from './search-option-view'
import { SEARCH_SUGGESTIONS } from './search-suggestions'
import './search.css'

/** All results of one search (Enter in the top bar's search when no single exact match), grouped by what matched. */
export function SearchScreen({ params }: ScreenProps) {
  const q = params.query ?? ''
  const search = useSearchPage(q)
  return (
    <>
      <PageHeader title="Search results" description={<>For “{q}”. Each group says what matched; newest first.</>} />
      <QueryView
        query={search}
        loadingLabel="Searching…"
        isEmpty={(data) => data.groups.length === 0}
        empty={(
          <EmptyState title={`No transaction matches “${q}”`}>
            <p>Try:</p>
            <ul className="search-results__tips">{SEARCH_SUGGESTIONS.map((tip) => <li key={tip}>{tip}</li>)}</ul>
          </EmptyState>
        )}
      >
        {(data) => (
          <div className="stack">
            {data.groups.map((group) => (
              <Panel key={group.match} title={group.label} actions={group.more ? <span className="top-bar__meta">More than {group.items.length}; narrow the query</span> : undefined}>
                <div className="search-page__group">
                  {group.match === 'phone' && data.understood.phoneNumber ? (
                    <Link to={customerPath(data.understood.phoneNumber)} className="button button--secondary button--small">Open the customer view for {data.understood.phoneNumber}</Link>
                  ) : null}
                  <ul className="search-page__list" aria-label={group.label}>
                    {group.items.map((tx) => (
                      <li key={tx.publicId}>
                        <Link to={transactionPath(tx.publicId)} className="search-option">
                          <SearchOptionView option={{ kind: 'transaction', key: tx.publicId, group: group.label, transaction: tx, to: transactionPath(tx.publicId) }} />
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              </Panel>
            ))}
          </div>
        )}
      </QueryView>
    </>
  )
}
