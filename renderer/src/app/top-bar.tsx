import { useConsoleInfo } from '../api/hooks/console'
import { CopyButton } from '../components/copy-button'
import { NotificationBell } from '../features/notifications/notification-bell'
import { SearchBox } from '../features/search/search-box'
import { usePushStatusStore } from '../stores/push-status-store'
import { EnvironmentSwitch } from './environment-switch'
import { SignedInUser } from './signed-in-user'

const PUSH_LABELS = { connecting: 'Connecting…', connected: 'Live updates on', reconnecting: 'Reconnecting…' } as const

/** Organization, the search field, API base URL, live-update status, the notification bell, the environment switch and who is signed in. */
export function TopBar() {
  const info = useConsoleInfo()
  const push = usePushStatusStore((state) => state.state)
  const apiUrl = info.data?.httpUrl ? `${info.data.httpUrl}/v1` : null
  return (
    <header className="top-bar">
      <div className="top-bar__org">
        <span className="top-bar__org-name">{info.data?.organization.name ?? 'Paydesk'}</span>
        {info.data ? <span className="top-bar__meta">Simulator: {info.data.simulatorMode}</span> : null}
      </div>
      <SearchBox />
      <div className="top-bar__api">
        {apiUrl ? (
          <>
            <span className="top-bar__meta">API</span>
            <code className="top-bar__url" data-testid="api-url" title={apiUrl}>{apiUrl}</code>
            <CopyButton value={apiUrl} label="Copy API URL" />
          </>
        ) : null}
      </div>
      <div className="top-bar__status" role="status" aria-live="polite" title={PUSH_LABELS[push]} data-testid="push-status">
        <span className={`push-dot push-dot--${push}`} aria-hidden="true" />
        <span className="top-bar__meta top-bar__status-text">{PUSH_LABELS[push]}</span>
      </div>
      <NotificationBell />
      <EnvironmentSwitch />
      <SignedInUser />
    </header>
  )
}
