/**
 * The signed-in user's session token (team mode), kept for this tab only (sessionStorage), like the
 * console token: it wins over the console token when both are present, and signing out forgets it.
 */
const STORAGE_KEY = 'paydesk.session'
let memoryToken: string | null = null

export function readSessionToken(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) ?? memoryToken
  } catch {
    return memoryToken
  }
}

export function saveSessionToken(token: string | null): void {
  memoryToken = token
  try {
    if (token === null) window.sessionStorage.removeItem(STORAGE_KEY)
    else window.sessionStorage.setItem(STORAGE_KEY, token)
  } catch {
    // Storage disabled: the in-memory copy serves until the page reloads.
  }
}
