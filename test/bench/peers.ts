import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, ROOT, spawnNode, type Child } from './processes'

/**
 * The peers of the charge figure: other tools a developer could point an integration at instead of
 * Paydesk. They are NOT dependencies of the project: the bench installs each pinned version with npm, on
 * demand, into a cache folder of its own, and reuses it in later runs. Prism 5.16 declares Node >= 24.14
 * but installs (engine warnings only) and serves on Node 20; it is measured in two set-ups: a one-route
 * document (its fastest) and the whole of docs/openapi.json (what a user would point it at).
 */
export interface Peer {
  key: 'prism-one-route' | 'prism-full' | 'mockoon'
  name: string
  /** The set-up, when one package is measured in more than one. */
  setup?: string
  npmPackage: string
  version: string
  /** The package's command-line entry, relative to the package folder. */
  bin: string
}

const PRISM_PACKAGE = { name: 'Prism', npmPackage: '@stoplight/prism-cli', version: '5.16.0', bin: 'dist/index.js' }
export const PRISM_ONE_ROUTE: Peer = { ...PRISM_PACKAGE, key: 'prism-one-route', setup: 'one route' }
export const PRISM_FULL: Peer = { ...PRISM_PACKAGE, key: 'prism-full', setup: 'full document' }
export const MOCKOON: Peer = { key: 'mockoon', name: 'Mockoon CLI', npmPackage: '@mockoon/cli', version: '9.9.0', bin: 'bin/run.js' }
export const PEERS: Peer[] = [PRISM_ONE_ROUTE, PRISM_FULL, MOCKOON]

/** How a peer is named in the table: `Prism 5.16.0 (one route)`. */
export const peerLabel = (peer: Peer) => `${peer.name} ${peer.version}${peer.setup ? ` (${peer.setup})` : ''}`

/** PAYDESK_BENCH_PEERS overrides it; otherwise ~/.cache/paydesk-bench/peers (or the temp folder without a home). */
export function peersCacheDir(): string {
  if (process.env.PAYDESK_BENCH_PEERS) return process.env.PAYDESK_BENCH_PEERS
  const home = homedir()
  return home ? join(home, '.cache', 'paydesk-bench', 'peers') : join(tmpdir(), 'paydesk-bench-peers')
}

export type Installed = { ok: true; peer: Peer; packageDir: string; installedNow: boolean } | { ok: false; peer: Peer; reason: string }

function installedVersion(packageDir: string): string | null {
  try {
    return (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version?: string }).version ?? null
  } catch {
    return null
  }
}

/**
 * Installs the peer's pinned version into `<cache>/<package>-<version>` unless it is there already.
 * Never throws: a failed install (no registry, no npm, disk full) comes back as a reason to report.
 */
export function installPeer(peer: Peer): Installed {
  const dir = join(peersCacheDir(), `${peer.npmPackage.replace(/[@/]/g, '_')}-${peer.version}`)
  const packageDir = join(dir, 'node_modules', ...peer.npmPackage.split('/'))
  if (installedVersion(packageDir) === peer.version && existsSync(join(packageDir, peer.bin))) return { ok: true, peer, packageDir, installedNow: false }
  try {
    mkdirSync(dir, { recursive: true })
    // Its own package.json, so npm installs here and never walks up into a project.
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, description: 'Peers of the Paydesk benchmark (installed by npm run bench)' }, null, 2))
  } catch (error) {
    return { ok: false, peer, reason: `cannot create ${dir}: ${(error as Error).message}` }
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', '--save-exact', `${peer.npmPackage}@${peer.version}`], {
    cwd: dir, encoding: 'utf8', timeout: 300_000, env: { ...process.env, npm_config_update_notifier: 'false' },
  })
  if (result.error) return { ok: false, peer, reason: `npm install ${peer.npmPackage}@${peer.version} in ${dir} failed: ${result.error.message}` }
  if (result.status !== 0 || installedVersion(packageDir) !== peer.version) {
    // npm's first error lines name the cause (code, network error, 404); the rest is advice and a log path.
    const lines = `${result.stderr ?? ''}${result.stdout ?? ''}`.split('\n').map((line) => line.trim())
    const errors = lines.filter((line) => /^npm error \S/.test(line) && !/complete log|proxy|npm help|^npm error\s*$/.test(line))
    const tail = (errors.length > 0 ? errors.slice(0, 2) : lines.filter((line) => line && !/Unknown (user|env) config/.test(line)).slice(-3)).join(' / ')
    return { ok: false, peer, reason: `npm install ${peer.npmPackage}@${peer.version} in ${dir} exited ${result.status}: ${tail || 'no output'}` }
  }
  return { ok: true, peer, packageDir, installedNow: true }
}

/** docs/openapi.json with one path left, `POST /v1/mobile/charge` (its components kept whole, so every reference resolves). */
export function writeOneRouteDocument(path: string): void {
  const document = JSON.parse(readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> }
  const charge = document.paths['/v1/mobile/charge']
  if (!charge?.['post']) throw new Error('docs/openapi.json has no POST /v1/mobile/charge')
  writeFileSync(path, JSON.stringify({ ...document, paths: { '/v1/mobile/charge': { post: charge['post'] } } }))
}

/**
 * `prism mock <document>` with Prism's defaults (static examples, request validation, its request log,
 * written to a file in the scratch folder as a terminal would take it): the one-route document or the whole one.
 */
export async function startPrism(peer: Peer, packageDir: string, scratch: string): Promise<Child> {
  const port = await freePort()
  const document = peer.key === 'prism-one-route' ? join(scratch, 'prism-one-route.json') : join(ROOT, 'docs', 'openapi.json')
  if (peer.key === 'prism-one-route') writeOneRouteDocument(document)
  return spawnNode({
    tsx: false, port, readyText: 'Prism is listening', readyTimeoutMs: 60_000, logFile: join(scratch, `${peer.key}.log`),
    args: [join(packageDir, peer.bin), 'mock', '--port', String(port), '--host', '127.0.0.1', document],
  }).ready
}

/** The body Paydesk answers a charge with, as a Mockoon template: the caller's reference echoed, a new id. */
const MOCKOON_CHARGE_BODY = JSON.stringify({
  status: 'success', message: 'Transaction initiated successfully',
  data: { merchantTransactionId: "{{body 'merchantTransactionId'}}", transactionId: "{{faker 'string.uuid'}}" },
})

/**
 * A Mockoon environment file with one route, `POST /v1/mobile/charge` -> 202 and the body above, built
 * with the installed Mockoon's own builders so the file matches that version's format (and migrations).
 */
export function writeMockoonEnvironment(packageDir: string, path: string, port: number): void {
  // @mockoon/commons is a dependency of the CLI, installed next to it in the peer's folder.
  const commons = createRequire(join(packageDir, 'package.json'))('@mockoon/commons') as {
    BuildEnvironment(options: { hasDefaultHeader: boolean; hasDefaultRoute: boolean }): Record<string, unknown> & { uuid: string }
    BuildHTTPRoute(hasDefaultResponse: boolean): Record<string, unknown> & { uuid: string }
    BuildRouteResponse(): Record<string, unknown>
  }
  const response = { ...commons.BuildRouteResponse(), label: 'accepted', statusCode: 202, headers: [{ key: 'content-type', value: 'application/json' }], body: MOCKOON_CHARGE_BODY }
  const route = { ...commons.BuildHTTPRoute(false), method: 'post', endpoint: 'v1/mobile/charge', responses: [response] }
  const environment = {
    ...commons.BuildEnvironment({ hasDefaultHeader: false, hasDefaultRoute: false }),
    name: 'Paydesk charge (bench)', port, hostname: '127.0.0.1', routes: [route], rootChildren: [{ type: 'route', uuid: route.uuid }],
  }
  writeFileSync(path, JSON.stringify(environment, null, 2))
}

/** `mockoon-cli start` on that environment; --disable-log-to-file keeps its request log on stdout (our log file) instead of files under ~/.mockoon-cli. */
export async function startMockoon(packageDir: string, scratch: string): Promise<Child> {
  const port = await freePort()
  const environmentPath = join(scratch, 'mockoon-charge.json')
  writeMockoonEnvironment(packageDir, environmentPath, port)
  return spawnNode({
    tsx: false, port, readyText: 'Server started on port', readyTimeoutMs: 60_000, logFile: join(scratch, 'mockoon.log'),
    args: [join(packageDir, MOCKOON.bin), 'start', '--data', environmentPath, '--port', String(port), '--hostname', '127.0.0.1', '--disable-log-to-file'],
  }).ready
}
