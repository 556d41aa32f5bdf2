import { parseArgs } from 'node:util'
import type { DoctorReport } from '../../../shared/schemas/faults'
import { runDoctor } from '../../service'
import { UsageError } from '../options'

export const DOCTOR_USAGE = `Usage: paydesk doctor <url> --secret <whsec_…> [--json]

Sends your webhook receiver a battery of signed events (valid, duplicate, tampered, wrong secret, unsigned,
stale and future timestamps, a rotation overlap, an unknown type, balance.updated, a failure event) and grades
each answer. Needs no running sandbox: it signs with the secret you give. Exit code 0 only when no check failed.
`

const SECRET = /^whsec_[A-Za-z0-9+/]{16,}={0,2}$/

function parse(argv: string[]): { url: string; secret: string; json: boolean } {
  let parsed
  try {
    parsed = parseArgs({ args: argv, options: { secret: { type: 'string' }, json: { type: 'boolean' } }, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), DOCTOR_USAGE)
  }
  const [url, ...extra] = parsed.positionals
  if (!url || extra.length > 0) throw new UsageError('doctor takes one receiver URL', DOCTOR_USAGE)
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new UsageError(`"${url}" is not an http(s) URL`, DOCTOR_USAGE)
  const secret = parsed.values.secret
  if (!secret || !SECRET.test(secret)) throw new UsageError("--secret must be your endpoint's signing secret, whsec_ followed by base64", DOCTOR_USAGE)
  return { url, secret, json: parsed.values.json === true }
}

const MARK = { pass: 'PASS', fail: 'FAIL', warn: 'WARN' } as const

/** The report as a terminal table: one block per check, then the verdict. */
export function formatDoctorReport(report: DoctorReport): string {
  const lines = [`Receiver doctor: ${report.url}`, '']
  for (const check of report.checks) {
    lines.push(`${MARK[check.result]}  ${check.title}${check.status === null ? '' : `  (${check.status})`}`)
    lines.push(`      sent:   ${check.sent}`)
    if (check.received !== null) lines.push(`      got:    ${check.received.replace(/\s+/g, ' ')}`)
    lines.push(`      advice: ${check.advice}`)
  }
  const count = (result: keyof typeof MARK) => report.checks.filter((check) => check.result === result).length
  lines.push('', `${report.ok ? 'Ready' : 'Not ready'}: ${count('pass')} passed, ${count('fail')} failed, ${count('warn')} warnings.`)
  return `${lines.join('\n')}\n`
}

/** `paydesk doctor`: a face over the engine's doctor (electron/service/doctor); no server, no database. */
export async function doctorCommand(argv: string[]): Promise<void> {
  const { url, secret, json } = parse(argv)
  const report = await runDoctor({ url, secret, now: Date.now })
  process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : formatDoctorReport(report))
  process.exitCode = report.ok ? 0 : 1
}
