import type { ReactNode } from 'react'

/**
 * The heading of a screen. The router moves focus to it (`tabIndex=-1`) after navigation so screen-reader
 * users hear where they landed.
 */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1 className="page-header__title" tabIndex={-1} data-page-heading>{title}</h1>
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  )
}
