import { useState } from 'react'
import type { RouteId, RouteInput } from '../../../shared/api/routes'
import { useApiClient } from '../api/api-context'
import { downloadBlob } from '../lib/download'
import { ErrorNotice } from './error-notice'

/**
 * Fetches a document route (a HAR, an evidence bundle) through the console's own transport, so it works
 * over IPC as over HTTP, and hands it to the browser as a JSON file. The error, if any, shows below.
 */
export function DocumentDownloadButton<Id extends RouteId>({ routeId, input, fileName, label }: {
  routeId: Id
  input: RouteInput<Id>
  fileName: string
  label: string
}) {
  const client = useApiClient()
  const [state, setState] = useState<{ busy: boolean; error: unknown; announcement: string }>({ busy: false, error: null, announcement: '' })
  const download = async () => {
    setState({ busy: true, error: null, announcement: '' })
    try {
      const data = await (client.call as (id: Id, input: RouteInput<Id>) => Promise<unknown>)(routeId, input)
      downloadBlob(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }), fileName)
      setState({ busy: false, error: null, announcement: `Downloaded ${fileName}` })
    } catch (error) {
      setState({ busy: false, error, announcement: '' })
    }
  }
  return (
    <>
      <button type="button" className="button button--secondary button--small" disabled={state.busy} onClick={() => void download()}>
        {state.busy ? 'Preparing…' : label}
      </button>
      <span className="visually-hidden" role="status">{state.announcement}</span>
      {state.error ? <ErrorNotice error={state.error} title={`${label} failed`} /> : null}
    </>
  )
}
