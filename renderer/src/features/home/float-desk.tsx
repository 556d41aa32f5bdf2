import { useEffect, useRef, useState } from 'react'
import { PATHS } from '../../lib/paths'
import { usePath } from '../../lib/router'
import { parseMajorToMinor, formatMinor } from '../../../../shared/money'
import type { FloatDesk, FloatDeskAccount } from '../../../../shared/schemas/float-desk'
import { useFloatDesk, useMoveToPayouts } from '../../api/hooks/notifications'
import { useCan } from '../../api/hooks/team'
import { RoleCannot } from '../../components/role-cannot'
import { ErrorNotice } from '../../components/error-notice'
import { TextField } from '../../components/fields/text-field'
import { Money } from '../../components/money'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { Tag } from '../../components/status-badge'
import { Timestamp } from '../../components/timestamp'
import './float-desk.css'

/** One payouts account: its float against what it must cover, and "Move to payouts" from collections. */
function AccountLine({ account, collections, atProvider }: { account: FloatDeskAccount; collections: FloatDesk['collections']; atProvider: boolean }) {
  const move = useMoveToPayouts()
  // What the person typed; until then, the amount that covers the shortfall (it follows the float live).
  const [typed, setTyped] = useState<string | null>(null)
  const amount = typed ?? (account.suggestedMove > 0 ? formatMinor(account.suggestedMove).replace(/,/g, '') : '')
  const minor = parseMajorToMinor(amount.trim())
  // The move is the simulator's sweep: shown to roles that may run it (the server refuses the rest).
  const mayMove = useCan('simulator.manage')
  const canMove = mayMove && collections !== null && collections.available > 0
  const submit = () => {
    if (minor === null || minor === 0 || !collections) return
    move.mutate({ body: { amount: minor, fromAccountNo: collections.accountNo, toAccountNo: account.accountNo } }, { onSuccess: () => setTyped(null) })
  }
  return (
    <li className="float-line" aria-label={`Float of ${account.name}`}>
      <div className="float-line__facts">
        <strong>{account.name}</strong> <span className="top-bar__meta">{account.accountNo}</span>
        {account.shortfall > 0 ? <Tag tone="danger">Short</Tag> : <Tag tone="success">Covered</Tag>}
        <dl className="float-line__figures">
          <div><dt>Available</dt><dd data-testid="float-available"><Money minor={account.available} /></dd></div>
          <div><dt>Held for pending payouts</dt><dd><Money minor={account.pendingPayouts} /></dd></div>
          <div><dt>Bulk payouts still to send</dt><dd data-testid="float-batches"><Money minor={account.scheduledBatches} /></dd></div>
          <div><dt>Keep at least</dt><dd>{account.threshold === null ? 'no threshold' : <Money minor={account.threshold} />}</dd></div>
          <div><dt>Short by</dt><dd data-testid="float-shortfall"><Money minor={account.shortfall} /></dd></div>
        </dl>
      </div>
      {atProvider ? <p className="form__note">The provider holds this float: top it up at the provider.</p> : canMove ? (
        <form className="inline-form" aria-label={`Move to ${account.name}`} onSubmit={(event) => { event.preventDefault(); submit() }}>
          <TextField label="Amount to move" prefix="KES" inputMode="decimal" value={amount} onChange={setTyped} markOptional={false}
            hint={`Settled collections: ${formatMinor(collections.available, 'KES')}`} />
          <button type="submit" className="button button--secondary" disabled={minor === null || minor === 0 || move.isPending}>Move to payouts</button>
        </form>
      ) : mayMove ? <p className="form__note">No settled collections to move yet.</p> : <RoleCannot permission="simulator.manage" doing="move money from collections to payouts" />}
      {move.isError ? <ErrorNotice error={move.error} title="Nothing was moved" /> : null}
      {move.isSuccess ? <p className="notice notice--success" role="status">Moved {formatMinor(move.data.amount ?? 0, 'KES')} from collections.</p> : null}
    </li>
  )
}

/**
 * The float desk: each payouts account's available float against what it must cover (bulk payouts still to
 * send and its low-float threshold; accepted payouts are already held in pending), and a "Move to payouts"
 * from settled collections. On an environment connected to a provider account: the provider's balances as
 * last read, and the time of that read (the float is topped up at the provider, not moved here).
 */
export function FloatDeskPanel() {
  const desk = useFloatDesk()
  const path = usePath()
  const ref = useRef<HTMLDivElement>(null)
  // A low-float notification opens Home at its float desk (#/float-desk): brought into view once it has loaded.
  const loaded = desk.data !== undefined
  useEffect(() => {
    if (path === PATHS.floatDesk && loaded) ref.current?.scrollIntoView?.({ block: 'start' })
  }, [path, loaded])
  return (
    <div ref={ref} className="float-desk-anchor" data-testid="float-desk">
    <Panel title="Float desk">
      <QueryView query={desk} loadingLabel="Loading float…">
        {(data) => (
          <>
            {data.source === 'provider' ? (
              <p className="form__note" data-testid="float-source">As read from the provider <Timestamp ms={data.readAt} /></p>
            ) : null}
            <ul className="float-desk">
              {data.accounts.map((account) => (
                <AccountLine key={account.accountNo} account={account} collections={data.collections} atProvider={data.source === 'provider'} />
              ))}
            </ul>
          </>
        )}
      </QueryView>
    </Panel>
    </div>
  )
}
