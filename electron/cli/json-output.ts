/**
 * `--json`: every command that prints a result prints one JSON document instead (docs: `paydesk help`).
 * Commands whose own flag parser knows `--json` read it there; the others take it off their arguments here.
 */
export function takeJsonFlag(argv: readonly string[]): { json: boolean; rest: string[] } {
  return { json: argv.includes('--json'), rest: argv.filter((arg) => arg !== '--json') }
}

export function printJson(document: unknown): void {
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`)
}

/** The exit codes of every command, as `paydesk help` documents them. */
export const EXIT_CODES = {
  0: 'success (a scenario run: every expectation held; doctor: no check failed)',
  1: 'the command ran and failed: a scenario expectation or doctor check failed, the server refused the request or could not be reached, or the sandbox could not start',
  2: 'usage error: an unknown command or flag, a bad value, or a scenario file that cannot be used (file, line and field named)',
} as const
