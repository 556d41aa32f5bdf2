/**
 * The console's address with its token, as every host prints and reports it (banner, console.info, the
 * desktop menu's "Open in browser"). The console moves the token from the address bar into the tab's
 * storage at once (renderer/src/main.tsx).
 */
export function consoleUrl(httpUrl: string, token: string): string {
  return `${httpUrl}/?token=${encodeURIComponent(token)}`
}
