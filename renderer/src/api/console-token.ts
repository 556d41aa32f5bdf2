/**
 * The console token of the browser console. The sandbox prints the console URL as `/?token=…`; on first
 * load we move the token into sessionStorage (this tab only, gone when it closes) and remove it from the
 * address bar, so it does not linger in history, bookmarks or screenshots.
 */
const STORAGE_KEY = 'paydesk.consoleToken'

/** Fallback when sessionStorage is unavailable (some privacy modes): the token lasts until reload. */
let memoryToken: string | null = null

export function adoptTokenFromUrl(): void {
  const url = new URL(window.location.href)
  const token = url.searchParams.get('token')
  if (token === null) return
  if (token.trim() !== '') saveConsoleToken(token.trim())
  url.searchParams.delete('token')
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
}

export function readConsoleToken(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) ?? memoryToken
  } catch {
    return memoryToken
  }
}

export function saveConsoleToken(token: string): void {
  memoryToken = token
  try {
    window.sessionStorage.setItem(STORAGE_KEY, token)
  } catch {
    // Storage disabled: the in-memory copy serves until the page reloads.
  }
}
