import { join } from 'node:path'
import type { BenchContext } from '../context'
import { fire, type LoadResult } from '../load'
import { installPeer, peerLabel, PEERS, peersCacheDir, startMockoon, startPrism, type Peer } from '../peers'
import { BENCH_CONSOLE_TOKEN, cpuSeconds, startPaydesk, type Child } from '../processes'
import { formatNumber, verdict, type FigureRow } from '../report'
import { CHARGE_CONNECTIONS, chargeLoadOptions, PEERS_RATIO_GOAL } from './charge'

export { PEERS_RATIO_GOAL }

/** Each contender's measured time comes in rounds of this length, taken in turn (see peerFigures). */
const ROUND_S = 2
/** A process is quiet when it used less than this share of one core over one window. */
const QUIET_SHARE = 0.05
const QUIET_WINDOW_MS = 250
/** The fast simulator finalizes a charge 1-3 s after acceptance; no server should need longer to calm down. */
const QUIET_MAX_MS = 6_000

interface Round {
  result: LoadResult
  /** CPU seconds the server spent after the load stopped (work it owed for requests it had answered). */
  tailCpuS: number
}

interface Contender {
  label: string
  child: Child
  rounds: Round[]
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/**
 * Waits until every child uses (almost) no CPU, at most QUIET_MAX_MS. Returns the CPU seconds they
 * used meanwhile, per child, in the order given.
 */
async function waitUntilQuiet(children: Child[]): Promise<number[]> {
  const start = children.map((child) => cpuSeconds(child.pid) ?? 0)
  const deadline = performance.now() + QUIET_MAX_MS
  let previous = start
  while (performance.now() < deadline) {
    await sleep(QUIET_WINDOW_MS)
    const now = children.map((child) => cpuSeconds(child.pid) ?? 0)
    const busy = now.some((cpu, i) => cpu - previous[i]! > (QUIET_SHARE * QUIET_WINDOW_MS) / 1000)
    previous = now
    if (!busy) break
  }
  return previous.map((cpu, i) => cpu - start[i]!)
}

interface Totals {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  total: number
  failures: number
  seconds: number
}

/**
 * Requests over time, where a round's time is its load time plus the CPU time the server still spent
 * on that round's requests after the load stopped. Paydesk finalizes each charge 1-3 s after answering
 * it; in a steady run that work shares the thread with new requests, so leaving it out of short rounds
 * would flatter Paydesk. A stateless peer owes nothing after its answer (its tail is ~0).
 */
function totals(rounds: Round[]): Totals {
  const total = rounds.reduce((sum, round) => sum + round.result.total, 0)
  const seconds = rounds.reduce((sum, round) => sum + round.result.durationS + round.tailCpuS, 0)
  return {
    requestsPerSecond: seconds > 0 ? total / seconds : NaN, total, seconds,
    p50Ms: median(rounds.map((round) => round.result.p50Ms)), p99Ms: median(rounds.map((round) => round.result.p99Ms)),
    failures: rounds.reduce((sum, round) => sum + round.result.failures, 0),
  }
}

function describe(t: Totals): string {
  return `${formatNumber(t.requestsPerSecond)} req/s, p99 ${formatNumber(t.p99Ms, 1)} ms`
}

function lastLines(text: string, count = 3): string {
  return text.trim().split('\n').slice(-count).join(' / ')
}

async function startPeer(peer: Peer, packageDir: string, ctx: BenchContext): Promise<Child> {
  return peer.key === 'mockoon' ? startMockoon(packageDir, ctx.scratch) : startPrism(peer, packageDir, ctx.scratch)
}

/**
 * The charge route against its peers, in one run: Paydesk (`serve`, fast simulator, as in the charge
 * figure), Prism mocking docs/openapi.json, and the Mockoon CLI with a one-route environment, each at
 * 50 connections with the same requests. After one unmeasured warm-up each, the contenders take turns in
 * rounds of ROUND_S seconds (the first in turn rotates) until each has had the run's duration, so
 * background load on a shared machine falls on all of them alike. Before every round all of them are left
 * to become quiet, so no round pays for another server's leftover work. The settlement delay is moved out of
 * the run (as in the charge figure's 10 s, no charge settles during it), so settlements of one round
 * cannot land in a peer's round.
 */
export async function peerFigures(ctx: BenchContext): Promise<FigureRow[]> {
  const unavailable = new Map<Peer, string>()
  const contenders: Contender[] = []
  const children: Child[] = []
  ctx.log(`  peers cache: ${peersCacheDir()}`)
  try {
    for (const peer of PEERS) {
      const installed = installPeer(peer)
      if (!installed.ok) {
        unavailable.set(peer, `could not install it: ${installed.reason}`)
        ctx.log(`  ${peer.name}: NOT MEASURED, ${unavailable.get(peer)}`)
        continue
      }
      if (installed.installedNow) ctx.log(`  ${peer.name}: installed ${peer.npmPackage}@${peer.version}`)
      try {
        const child = await startPeer(peer, installed.packageDir, ctx)
        children.push(child)
        contenders.push({ label: peerLabel(peer), child, rounds: [] })
      } catch (error) {
        unavailable.set(peer, `it did not start: ${lastLines((error as Error).message)}`)
        ctx.log(`  ${peer.name}: NOT MEASURED, ${unavailable.get(peer)}`)
      }
    }
    const paydesk = await startPaydesk({ dbPath: join(ctx.scratch, 'charge-peers.db') })
    children.push(paydesk)
    const delay = await fetch(`${paydesk.url}/console/simulator`, {
      method: 'PUT', headers: { authorization: `Bearer ${BENCH_CONSOLE_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ settlementDelayMs: 24 * 60 * 60 * 1000 }),
    })
    if (delay.status !== 200) throw new Error(`PUT /console/simulator answered ${delay.status}: ${await delay.text()}`)
    contenders.unshift({ label: 'Paydesk', child: paydesk, rounds: [] })

    for (const contender of contenders) await fire(chargeLoadOptions(contender.child.url, `${contender.label} warm-up`, 2))
    const rounds = Math.max(1, Math.round(ctx.durationS / ROUND_S))
    for (let round = 0; round < rounds; round++) {
      for (let turn = 0; turn < contenders.length; turn++) {
        const contender = contenders[(round + turn) % contenders.length]!
        await waitUntilQuiet(children)
        const result = await fire(chargeLoadOptions(contender.child.url, contender.label, ROUND_S))
        const [tailCpuS] = await waitUntilQuiet([contender.child])
        contender.rounds.push({ result, tailCpuS: tailCpuS! })
      }
      ctx.log(`  round ${round + 1}/${rounds} (load time only): ${contenders.map((c) => `${c.label} ${formatNumber(c.rounds.at(-1)!.result.requestsPerSecond)} req/s`).join(', ')}`)
    }
  } finally {
    await Promise.all(children.map((child) => child.stop()))
  }

  const [paydesk, ...peers] = contenders
  const ours = totals(paydesk!.rounds)
  ctx.log(`  Paydesk ${describe(ours)} (${ours.total} charges in ${formatNumber(ours.seconds, 1)} s, finalizing included)`)
  const rows: FigureRow[] = []
  let faster: { label: string; totals: Totals } | undefined
  for (const peer of PEERS) {
    const contender = peers.find((c) => c.label === peerLabel(peer))
    const figure = `Peer: ${peerLabel(peer)} (${peer.npmPackage}), charge, ${CHARGE_CONNECTIONS} connections, same run`
    if (!contender) {
      rows.push({ figure, measured: 'not measured', goal: 'for comparison', verdict: 'not measured', note: unavailable.get(peer) })
      continue
    }
    const t = totals(contender.rounds)
    ctx.log(`  ${contender.label} ${describe(t)} (${t.total} requests)`)
    const note = t.failures > 0 ? `${t.failures} of ${t.total} not 202` : undefined
    rows.push({ figure, measured: describe(t), goal: 'for comparison', verdict: 'info', note })
    if (!note && (!faster || t.requestsPerSecond > faster.totals.requestsPerSecond)) faster = { label: contender.label, totals: t }
  }
  const figure = `Charge req/s ÷ the faster peer, same run, ${CHARGE_CONNECTIONS} connections, interleaved`
  const failed = ours.failures > 0 ? `${ours.failures} of ${ours.total} not 202` : undefined
  if (!faster) {
    const why = [...unavailable.entries()].map(([peer, reason]) => `${peer.name}: ${reason}`).join('; ') || 'no peer answered every request with 202'
    rows.unshift({ figure, measured: `Paydesk ${describe(ours)}`, goal: `≥ ${PEERS_RATIO_GOAL}`, verdict: 'not measured', note: `no peer measured (${why})` })
    return rows
  }
  const ratio = ours.requestsPerSecond / faster.totals.requestsPerSecond
  ctx.log(`  Paydesk ÷ ${faster.label}: ${formatNumber(ratio, 2)}`)
  rows.unshift({
    figure, measured: `Paydesk ${describe(ours)}`, reference: `${faster.label} ${describe(faster.totals)}`, ratio, goal: `≥ ${PEERS_RATIO_GOAL}`,
    verdict: failed ? 'missed' : verdict(ratio >= PEERS_RATIO_GOAL), note: failed,
  })
  return rows
}
