import type { ApiRequestFilter } from '../db/api-requests-repo'
import type { Store } from '../db/store'
import { harEntry, harOf } from './har'

/** Log rows read (and entries built) at once while a HAR export is written: what it holds, whatever the log's size. */
export const HAR_PAGE_ROWS = 25

const ENTRY_INDENT = '\n      '

/**
 * The HAR export as pages of text, the same bytes as the whole document written indented (`harOf`, then
 * JSON.stringify(…, null, 2) and a line end): the seqs of the rows first (numbers, no bodies), then
 * HAR_PAGE_ROWS rows at a time, oldest first. Rows the log drops meanwhile are left out.
 */
export function* harPages(store: Store, filter: ApiRequestFilter, environment: string): Generator<string> {
  const seqs = store.apiRequests.seqs(filter).reverse()
  const empty = `${JSON.stringify(harOf([], environment), null, 2)}\n`
  const at = empty.indexOf('"entries": []') + '"entries": ['.length
  let written = 0
  if (seqs.length > 0) {
    yield empty.slice(0, at)
    for (let from = 0; from < seqs.length; from += HAR_PAGE_ROWS) {
      let page = ''
      for (const row of store.apiRequests.bySeqs(seqs.slice(from, from + HAR_PAGE_ROWS))) {
        page += `${written++ === 0 ? '' : ','}${ENTRY_INDENT}${JSON.stringify(harEntry(row), null, 2).replace(/\n/g, ENTRY_INDENT)}`
      }
      if (page) yield page
    }
  }
  if (seqs.length === 0) yield empty
  else yield `${written === 0 ? '' : '\n    '}${empty.slice(at)}`
}
