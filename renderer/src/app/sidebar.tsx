import { useApprovals, useWhoAmI } from '../api/hooks/team'
import { useOutboxShown } from '../api/hooks/upstream'
import { PATHS } from '../lib/paths'
import { Link } from '../lib/router'
import { NAV_SECTIONS, SCREENS, type ScreenDef } from './screens'

/**
 * Main navigation, grouped; the current screen is marked with aria-current. Screens a role may not use
 * are not listed; Approvals shows how many requests wait.
 */
export function Sidebar({ current }: { current: ScreenDef | null }) {
  const permissions = useWhoAmI().data?.permissions
  const pending = useApprovals().data?.pendingCount ?? 0
  const outboxShown = useOutboxShown()
  const allowed = (screen: ScreenDef) => screen.permission === undefined || permissions === undefined || permissions.includes(screen.permission)
  const visible = (screen: ScreenDef) => allowed(screen) && (screen.onlyWhen !== 'outbox' || outboxShown)
  return (
    <aside className="sidebar">
      <p className="brand"><span className="brand__mark" aria-hidden="true">P</span> Paydesk</p>
      <nav aria-label="Main">
        {NAV_SECTIONS.map((section) => (
          <div key={section} className="nav-section">
            <p className="nav-section__title" id={`nav-${section.replace(/\s+/g, '-').toLowerCase()}`}>{section}</p>
            <ul className="nav-list" aria-labelledby={`nav-${section.replace(/\s+/g, '-').toLowerCase()}`}>
              {SCREENS.filter((screen) => screen.section === section && visible(screen)).map((screen) => {
                const active = current !== null && (current === screen || current.parent === screen.path)
                return (
                  <li key={screen.path}>
                    <Link to={screen.path} className={active ? 'nav-link nav-link--active' : 'nav-link'} aria-current={current === screen ? 'page' : undefined}>
                      {screen.title}
                      {screen.path === PATHS.approvals && pending > 0 ? <span className="nav-count" data-testid="approvals-count" aria-label={`${pending} waiting`}>{pending}</span> : null}
                    </Link>
                  </li>
                )
              })}
            </ul>
          </div>
        ))}
      </nav>
    </aside>
  )
}
