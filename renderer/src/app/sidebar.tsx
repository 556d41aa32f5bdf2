import { Link } from './router'
import { NAV_SECTIONS, SCREENS, type ScreenDef } from './screens'

/** Main navigation, grouped; the current screen is marked with aria-current. */
export function Sidebar({ current }: { current: ScreenDef | null }) {
  return (
    <aside className="sidebar">
      <p className="brand"><span className="brand__mark" aria-hidden="true">P</span> Paydesk</p>
      <nav aria-label="Main">
        {NAV_SECTIONS.map((section) => (
          <div key={section} className="nav-section">
            <p className="nav-section__title" id={`nav-${section.replace(/\s+/g, '-').toLowerCase()}`}>{section}</p>
            <ul className="nav-list" aria-labelledby={`nav-${section.replace(/\s+/g, '-').toLowerCase()}`}>
              {SCREENS.filter((screen) => screen.section === section).map((screen) => {
                const active = current !== null && (current === screen || (screen.path !== '/' && current.path.startsWith(`${screen.path}/`)))
                return (
                  <li key={screen.path}>
                    <Link to={screen.path} className={active ? 'nav-link nav-link--active' : 'nav-link'} aria-current={current === screen ? 'page' : undefined}>
                      {screen.title}
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
