import { z } from 'zod'
import { DEFAULT_ORGANIZATION_TIME_ZONE, isTimeZone } from '../../../shared/local-days'
import { DEFAULT_HTTP_PORT, HttpPortSchema } from '../../../shared/schemas/host'
import { OutcomeRuleSchema } from '../../../shared/schemas/scenario'
import { SimulatorModeSchema } from '../../../shared/schemas/simulator'

/**
 * One engine setting (table `settings`, JSON-encoded): its key, what a stored value must look like, and
 * what reading it gives when nothing valid is stored. `store.settings.get(SETTINGS.x)` is typed by it.
 */
export interface Setting<T> {
  readonly key: string
  readonly schema: z.ZodType<T>
  readonly default: T
}

/** One webhook hint of the provider, as kept until it was acted on (and a while after, to know its event id again). */
const UpstreamHintSchema = z.object({
  eventId: z.string(),
  type: z.string(),
  transactionId: z.string().nullable(),
  receivedAt: z.number(),
  /** When its targeted get was answered (null: still queued; a hint naming no transaction is done when stored). */
  doneAt: z.number().nullable(),
})
export type UpstreamHintRecord = z.infer<typeof UpstreamHintSchema>

const setting = <T>(key: string, schema: z.ZodType<T>, fallback: T): Setting<T> => ({ key, schema, default: fallback })

/** Every setting the engine keeps; a key is spelled only here. */
export const SETTINGS = {
  /** The simulator's mode (console, `--simulator`). */
  simulatorMode: setting('simulator.mode', SimulatorModeSchema, 'fast'),
  /** Paused: ticks finalize and settle nothing. */
  simulatorPaused: setting('simulator.paused', z.boolean(), false),
  /** The console's settlement delay; null: the mode's default (simulator/settings.ts). */
  settlementDelayMs: setting('simulator.settlementDelayMs', z.number().nullable(), null),
  /** A scenario's `outcomes:` rules (lifecycle/outcome-rules.ts). */
  outcomeRules: setting('simulator.outcomeRules', z.array(OutcomeRuleSchema), []),
  /** How far QA advanced the simulated clock (simulator/clock.ts); kept by a snapshot restore. */
  clockOffsetMs: setting('clock.offsetMs', z.number(), 0),
  /** A seeded run's clock (reproducible.ts); null: the run's start. */
  seededNow: setting('clock.seededNow', z.number().nullable(), null),
  /** How many seeded runs this database has seen, so each draws its own ids. */
  seedGeneration: setting('seed.generation', z.number().int(), 0),
  /** The primary (demo or scenario) organization; null until the database is seeded. */
  demoOrganizationId: setting('demo.organizationId', z.string().nullable(), null),
  /** The console credential; null until the database is seeded. */
  consoleToken: setting('console.token', z.string().nullable(), null),
  /** Last account number handed out (seed/provisioning.ts). */
  accountsSeq: setting('accounts.seq', z.number().int(), 0),
  /** Next shortcode a sandbox gets (the demo organization has 600100). */
  sandboxShortcodeSeq: setting('sandboxes.shortcodeSeq', z.number().int(), 600_200),
  /** Sandboxes created so far (their default names count up). */
  sandboxCount: setting('sandboxes.count', z.number().int(), 0),
  /** Newest requests the request log keeps per environment. */
  requestLogLimit: setting('requestLog.limit', z.number().int().positive(), 50_000),
  /** Bytes the request log keeps per environment (what its rows hold: path, query, headers, bodies); the oldest go first. */
  requestLogMaxBytes: setting('requestLog.maxBytes', z.number().int().positive(), 128 * 1024 * 1024),
  /** The scenario file a database was made from (scenario/startup.ts); null: not made from one. */
  scenarioFingerprint: setting('scenario.fingerprint', z.string().nullable(), null),
  /** The desktop app's HTTP port; a hand-edited or corrupt value reads as the default. */
  hostHttpPort: setting('host.httpPort', HttpPortSchema, DEFAULT_HTTP_PORT),
  /** Sign-in required on this computer (Settings -> Team); `--team` forces it for one run. */
  teamRequireSignIn: setting('team.requireSignIn', z.boolean(), false),
  /** How long a held request waits for its approvals, in simulated hours. */
  approvalExpiryHours: setting('team.approvalExpiryHours', z.number().int().positive(), 24),
  /** An organization's "strict request checks" (request-checks.ts). */
  strictRequestChecks: (organizationId: string) => setting(`requestChecks.strict.${organizationId}`, z.boolean(), false),
  /** Webhook hints received from a connected provider account (upstream/hints.ts), oldest first, bounded there; keyed `<organization>.<environment>`. */
  upstreamHints: (organizationAndEnvironment: string) => setting(`upstream.hints.${organizationAndEnvironment}`, z.array(UpstreamHintSchema), []),
  /** An organization's time zone (IANA): the console's days and times are its local ones. */
  organizationTimeZone: (organizationId: string) =>
    setting(`organization.timeZone.${organizationId}`, z.string().refine(isTimeZone), DEFAULT_ORGANIZATION_TIME_ZONE),
} as const
