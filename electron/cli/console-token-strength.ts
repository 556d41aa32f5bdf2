/** A console token shorter than this is worth a warning (a generated one has 36 characters, ~190 bits). */
const MIN_LENGTH = 24
/** ...and one made of fewer different characters than this (`aaaa…`, `1234123412341234…`). */
const MIN_DIFFERENT = 10

/**
 * Why a console token (fixed with --console-token or PAYDESK_CONSOLE_TOKEN) is easy to guess, or null. The
 * failed-authentication budget slows guessing; it cannot make a short or repetitive token safe.
 */
export function consoleTokenWeakness(token: string): string | null {
  const body = token.replace(/^pdc_/, '')
  const problems: string[] = []
  if (body.length < MIN_LENGTH) problems.push(`short (${body.length} characters; use ${MIN_LENGTH} or more)`)
  const different = new Set(body).size
  if (different < MIN_DIFFERENT) problems.push(`low in variety (${different} different characters)`)
  return problems.length === 0 ? null : `the console token is ${problems.join(' and ')}: anyone on this machine could guess it. Use a long random one, or let Paydesk make one`
}
