import { useSyncExternalStore, type AnchorHTMLAttributes } from 'react'

/**
 * A hash router: `#/charges`, `#/transactions/tx_123`. The hash keeps every screen addressable when the
 * console is loaded from a file or a custom protocol in the desktop app, where there is no server to
 * answer deep links.
 */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

function currentPath(): string {
  const hash = window.location.hash.replace(/^#/, '')
  return hash.startsWith('/') ? hash.split('?')[0]! : '/'
}

/** The current route path, e.g. `/transactions/tx_123`. Re-renders on navigation. */
export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath, () => '/')
}

export function navigate(path: string): void {
  window.location.hash = path
}

/** `pattern` like `/transactions/:transactionId`; returns the decoded params, or null when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean)
  const got = path.split('/').filter(Boolean)
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(got[i]!)
    else if (segment !== got[i]) return null
  }
  return params
}

/** Builds a path from a pattern: pathTo('/transactions/:transactionId', { transactionId }) */
export function pathTo(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
}

/** An in-app link: a real <a href="#/…"> so it can be opened, copied and read as a link. */
export function Link({ to, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  return <a {...rest} href={`#${to}`} />
}
