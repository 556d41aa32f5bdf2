// The allow-list of imports, one row per folder of the product (VS Code's code-layering is the model).
// A source file belongs to the row of the longest folder (or file) that holds it; it may import its own
// row, the rows its row names in `may`, and `shared/` (everywhere but `shared/` itself and the renderer,
// which name it). `typeOnly` rows may be imported with `import type` only. A folder with no row fails the
// test, so a new room is placed in the layers when it is made. Rows are listed top (hosts) to bottom.
// docs/contributing.md "Rooms and layers" is the readable form of this table.

export type Runtime = 'node' | 'browser' | 'electron' | 'everywhere'

export interface LayerRow {
  folder: string
  /** Rows this one may import (besides itself and shared/). */
  may: readonly string[]
  /** Rows it may import with `import type` only. */
  typeOnly?: readonly string[]
  /** Where its code runs: decides which packages it may load (Node built-ins, better-sqlite3, electron). */
  runtime: Runtime
  /** Each folder inside is a room of its own: none imports another (what two share lives in a row below). */
  apart?: boolean
  /** The row holds the files directly in its folder only: a folder inside needs a row of its own. */
  filesOnly?: boolean
  why: string
}

const S = 'electron/service'
const svc = (...rooms: string[]) => rooms.map((room) => `${S}/${room}`)
const R = 'renderer/src'
const ui = (...rooms: string[]) => ['shared', ...rooms.map((room) => `${R}/${room}`)]

export const LAYERS: readonly LayerRow[] = [
  // Hosts: each imports the engine through its one door.
  { folder: 'electron/main', may: [`${S}/index.ts`, 'electron/http'], runtime: 'electron', why: 'the desktop host: windows, menus, IPC' },
  { folder: 'electron/preload', may: [], runtime: 'electron', why: 'one sandboxed bridge, window.paydesk' },
  { folder: 'electron/cli', may: [`${S}/index.ts`, 'electron/http'], runtime: 'node', why: 'the paydesk command' },
  { folder: 'electron/http', may: [`${S}/index.ts`], runtime: 'node', why: 'the node:http face over the route table' },
  // The engine, top to bottom.
  { folder: `${S}/index.ts`, may: svc('upstream', 'assembly', 'pipeline', 'core', 'request-log', 'faults', 'lifecycle', 'webhooks', 'scenario', 'seed', 'doctor'), runtime: 'node', why: 'the door: re-exports only' },
  { folder: `${S}/assembly`, may: svc('upstream', 'upstream/outbox', 'pipeline', 'operations', 'payout-batches', 'simulator', 'webhooks', 'doctor', 'scenario', 'seed', 'request-log', 'faults', 'team', 'notifications', 'lifecycle', 'core', 'db', 'test-access.ts'), runtime: 'node', why: 'createService: wires the rooms below' },
  { folder: `${S}/test-access.ts`, may: svc('core', 'db'), runtime: 'node', why: 'the store and engine behind a service, for tests' },
  { folder: `${S}/pipeline`, may: svc('operations', 'upstream/outbox', 'request-log', 'team', 'core', 'db', 'domain'), runtime: 'node', why: 'the request path as ordered steps' },
  { folder: `${S}/operations`, may: svc('upstream', 'upstream/outbox', 'payout-batches', 'doctor', 'scenario', 'seed', 'simulator', 'webhooks', 'request-log', 'faults', 'team', 'reconcile', 'notifications', 'lifecycle', 'ledger', 'outbox', 'views', 'domain', 'core', 'db'), runtime: 'node', why: 'one file per API operation' },
  { folder: `${S}/payout-batches`, may: svc('simulator', 'request-log', 'team', 'lifecycle', 'views', 'domain', 'core', 'db'), runtime: 'node', why: 'bulk payouts: the file, its checks, the approval seam and the runner that pays rows through the pipeline' },
  { folder: `${S}/doctor`, may: svc('webhooks', 'faults', 'lifecycle', 'outbox', 'views', 'domain', 'core', 'db'), runtime: 'node', why: 'the receiver doctor and signed samples' },
  { folder: `${S}/scenario`, may: svc('seed', 'faults', 'lifecycle', 'ledger', 'domain', 'core', 'db'), runtime: 'node', why: 'scenario files' },
  { folder: `${S}/seed`, may: svc('lifecycle', 'ledger', 'views', 'domain', 'core', 'db'), runtime: 'node', why: 'data the engine writes for itself' },
  { folder: `${S}/simulator`, may: svc('lifecycle', 'domain', 'core', 'db'), runtime: 'node', why: 'the tick and seeded runs' },
  { folder: `${S}/webhooks`, may: svc('faults', 'lifecycle', 'outbox', 'views', 'domain', 'core', 'db'), runtime: 'node', why: 'the dispatcher: signs, sends, retries' },
  { folder: `${S}/upstream`, may: svc('upstream/outbox', 'webhooks', 'notifications', 'request-log', 'lifecycle', 'views', 'domain', 'core', 'db'), runtime: 'node', why: "the provider connection: its paced client, the mirror's sync, webhook hints (checked with the webhooks' signing)" },
  { folder: `${S}/upstream/outbox`, may: svc('notifications', 'core', 'db'), runtime: 'node', why: 'money sent through the provider: the outbox, never twice, never lost (speaks to the client through its own port)' },
  { folder: `${S}/request-log`, may: svc('core', 'db'), runtime: 'node', why: 'the API request log' },
  { folder: `${S}/faults`, may: svc('domain', 'core', 'db'), runtime: 'node', why: 'the fault lab: decides alterations, never signs or sends' },
  { folder: `${S}/team`, may: svc('core', 'db'), runtime: 'node', why: 'users, sessions, passwords, the sign-in guard and the approval seam' },
  { folder: `${S}/reconcile`, may: svc('core', 'db'), runtime: 'node', why: "the reconciliation workbench: a merchant's file against the period's charges" },
  { folder: `${S}/notifications`, may: svc('core', 'db'), runtime: 'node', why: 'notifications raised from committed events, their rules, the float desk' },
  { folder: `${S}/lifecycle`, may: svc('ledger', 'outbox', 'views', 'domain', 'core', 'db'), runtime: 'node', why: 'what happens to a transaction' },
  { folder: `${S}/ledger`, may: svc('outbox', 'views', 'domain', 'core', 'db'), runtime: 'node', why: 'the only way money moves' },
  { folder: `${S}/outbox`, may: svc('views', 'core', 'db'), runtime: 'node', why: 'webhook events owed, written inside the unit' },
  { folder: `${S}/core`, may: svc('db'), runtime: 'node', why: 'the unit of work, its runner, clocks and ids' },
  { folder: `${S}/views`, may: svc('domain'), typeOnly: svc('db'), runtime: 'node', why: 'rows -> API shapes, pure' },
  { folder: `${S}/domain`, may: [], typeOnly: svc('db'), runtime: 'node', why: 'pure rules' },
  { folder: `${S}/db`, may: svc('db/cache', 'db/migrations'), runtime: 'node', why: 'the only code that touches SQLite: repositories' },
  { folder: `${S}/db/cache`, may: [], runtime: 'node', why: 'page caches, table watches, checkpointing' },
  { folder: `${S}/db/migrations`, may: [], runtime: 'node', why: 'numbered migrations: never change with live code' },
  // The console (React), top to bottom: app/ composes the screens, each feature is a room of its own.
  { folder: R, filesOnly: true, may: ui('app', 'api'), runtime: 'browser', why: 'the entry (main.tsx), global styles and types' },
  { folder: `${R}/app`, may: ui('features', 'components', 'forms', 'api', 'stores', 'lib'), runtime: 'browser', why: 'the shell: the screen table, layout, sign-in; composes the features' },
  { folder: `${R}/features`, apart: true, may: ui('components', 'forms', 'api', 'stores', 'lib'), runtime: 'browser', why: 'one folder per area of the console; never imports app/ or another feature' },
  { folder: `${R}/components`, may: ui('forms', 'api', 'stores', 'lib'), runtime: 'browser', why: 'pieces of screens that features share' },
  { folder: `${R}/forms`, may: ui('api', 'stores', 'lib'), runtime: 'browser', why: 'form state and field rules' },
  { folder: `${R}/api`, may: ui('stores', 'lib'), runtime: 'browser', why: 'the typed client, its transports and the React Query hooks' },
  { folder: `${R}/stores`, may: ui('lib'), runtime: 'browser', why: 'UI state (zustand)' },
  { folder: `${R}/lib`, may: ['shared'], runtime: 'browser', why: 'paths, the router, dates, labels' },
  // Everything else.
  { folder: 'shared', may: [], runtime: 'everywhere', why: 'schemas, the route table, money, CSV: runs everywhere' },
]

/** Rows a type-only import may not reach even where `typeOnly` allows the folder: a view shapes rows, it never reads. */
export const NEVER: Readonly<Record<string, readonly string[]>> = {
  [`${S}/views`]: [`${S}/db/store.ts`],
  [`${S}/domain`]: [`${S}/db/store.ts`],
}

const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`)

/** The row a root-relative path belongs to (longest folder that holds it), or undefined. */
export function rowOf(path: string): LayerRow | undefined {
  let best: LayerRow | undefined
  for (const row of LAYERS) if (within(path, row.folder) && (!best || row.folder.length > best.folder.length)) best = row
  return best
}

/** Rows the product's code lives in (scripts/, test/, bin/ and config files are not the product). */
export const PRODUCT = ['electron', 'shared', 'renderer'] as const
