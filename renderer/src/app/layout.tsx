import { useEffect, useRef } from 'react'
import { useConsoleInfo } from '../api/hooks/console'
import { useDisplayTimeZone } from '../lib/dates'
import { FaultBanner } from '../features/faults/fault-banner'
import { ProviderBanner } from '../features/upstream/provider-banner'
import { HeldRequestNotice } from './held-request-notice'
import { SessionEndNotice } from './session-end-notice'
import { NotificationToasts } from '../features/notifications/notification-toasts'
import { useEnvironment } from '../stores/environment-store'
import { ErrorBoundary } from './error-boundary'
import { matchPath, usePath } from '../lib/router'
import { SCREENS, type ScreenDef } from './screens'
import { Sidebar } from './sidebar'
import { TopBar } from './top-bar'
import { PageHeader } from '../components/page-header'
import { EmptyState } from '../components/empty-state'
import { Link } from '../lib/router'
import { RoleCannot } from '../components/role-cannot'
import { useWhoAmI } from '../api/hooks/team'

function resolveScreen(path: string): { screen: ScreenDef; params: Record<string, string> } | null {
  for (const screen of SCREENS) {
    const params = matchPath(screen.path, path)
    if (params) return { screen, params }
  }
  return null
}

/**
 * The console's frame: sidebar, top bar, and the current screen inside an error boundary. After each
 * navigation focus moves to the new screen's heading, so keyboard and screen-reader users start there.
 */
export function Layout() {
  const path = usePath()
  const environment = useEnvironment()
  const match = resolveScreen(path)
  const mainRef = useRef<HTMLElement>(null)
  const firstRender = useRef(true)
  // Times and days are the organization's (lib/dates.ts); a zone other than the default re-renders the screen.
  const organizationZone = useConsoleInfo().data?.timeZone
  const timeZone = useDisplayTimeZone((state) => state.timeZone)
  const setTimeZone = useDisplayTimeZone((state) => state.setTimeZone)
  useEffect(() => {
    if (organizationZone) setTimeZone(organizationZone)
  }, [organizationZone, setTimeZone])

  useEffect(() => {
    document.title = `${match?.screen.title ?? 'Not found'} · Paydesk`
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    const heading = mainRef.current?.querySelector<HTMLElement>('[data-page-heading]')
    ;(heading ?? mainRef.current)?.focus()
    mainRef.current?.scrollTo?.({ top: 0 })
  }, [path, match?.screen.title])

  const Screen = match?.screen.component
  // A typed URL to a screen the role cannot use says so, instead of a form the server would refuse.
  const permissions = useWhoAmI().data?.permissions
  const needed = match?.screen.permission
  const blocked = needed !== undefined && permissions !== undefined && !permissions.includes(needed) ? needed : null
  return (
    <div className="app" data-environment={environment}>
      <button type="button" className="skip-link" onClick={() => mainRef.current?.querySelector<HTMLElement>('[data-page-heading]')?.focus()}>
        Skip to content
      </button>
      <Sidebar current={match?.screen ?? null} />
      <div className="app__body">
        <TopBar />
        <ProviderBanner />
        <FaultBanner />
        <HeldRequestNotice />
        <SessionEndNotice />
        {environment === 'live' ? (
          <p className="live-banner">You are in the <strong>live</strong> environment: live rules apply (Idempotency-Key required for bank transfers, no forced outcomes).</p>
        ) : null}
        <main className="app__main" ref={mainRef} tabIndex={-1} id="main">
          <ErrorBoundary resetKey={path}>
            {Screen && match && blocked ? (
              <>
                <PageHeader title={match.screen.title} />
                <RoleCannot permission={blocked} doing={match.screen.doing ?? `use ${match.screen.title}`} />
              </>
            ) : Screen && match ? (
              <Screen key={`${environment}:${timeZone}:${path}`} params={match.params} />
            ) : (
              <>
                <PageHeader title="Page not found" />
                <EmptyState title={`Nothing lives at ${path}`} action={<Link to="/" className="button button--secondary">Go home</Link>} />
              </>
            )}
          </ErrorBoundary>
        </main>
      </div>
      <NotificationToasts />
    </div>
  )
}
