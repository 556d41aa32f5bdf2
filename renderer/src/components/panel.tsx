import { useId, type ReactNode } from 'react'

/** A titled section of a screen (a card). The heading labels the region for landmark navigation. */
export function Panel({ title, actions, children, className }: { title: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  const id = useId()
  return (
    <section className={['panel', className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <header className="panel__header">
        <h2 className="panel__title" id={id}>{title}</h2>
        {actions ? <div className="panel__actions">{actions}</div> : null}
      </header>
      <div className="panel__body">{children}</div>
    </section>
  )
}
