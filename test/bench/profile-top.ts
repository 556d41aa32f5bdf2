import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ROOT } from './processes'

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[]
  samples: number[]
  timeDeltas: number[]
}

/**
 * The server runs the compiled CLI (dist-cli/paydesk.cjs). esbuild starts each bundled module with a comment
 * naming its source (`// electron/service/db/transactions-repo.ts`); a frame in the bundle is named by the
 * nearest such comment above it, so the table reads in source files, not bundle lines.
 */
const bundleModules = new Map<string, { line: number; source: string }[]>()
function sourceOfBundleLine(file: string, line: number): string | undefined {
  if (!file.endsWith('.cjs')) return undefined
  if (!bundleModules.has(file)) {
    const starts: { line: number; source: string }[] = []
    try {
      readFileSync(join(ROOT, file), 'utf8').split('\n').forEach((text, i) => {
        if (/^\/\/ [\w./-]+\.tsx?$/.test(text)) starts.push({ line: i + 1, source: text.slice(3) })
      })
    } catch {
      // no such file: frames keep their bundle position
    }
    bundleModules.set(file, starts)
  }
  return bundleModules.get(file)!.findLast((start) => start.line <= line)?.source
}

function frameName(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const file = frame.url.startsWith('file://') ? relative(ROOT, frame.url.slice('file://'.length)) : frame.url
  const line = frame.lineNumber + 1
  const source = file ? sourceOfBundleLine(file, line) : undefined
  const where = source ? `${source} (${file}:${line})` : file ? `${file}:${line}` : ''
  return `${frame.functionName || '(anonymous)'} ${where}`.trim()
}

/**
 * The top frames by self time of the server's CPU profile (`node --cpu-prof`). Worker threads write
 * profiles of their own; the main thread's is the largest file in the folder.
 */
export function topFrames(dir: string, count = 15): string[] {
  if (!existsSync(dir)) return [`(no profile folder ${dir})`]
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(dir, f))
  if (files.length === 0) return [`(no .cpuprofile in ${dir})`]
  const file = files.sort((a, b) => statSync(b).size - statSync(a).size)[0]!
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile
  const selfUs = new Map<number, number>()
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const byFrame = new Map<string, number>()
  let totalUs = 0
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0
    totalUs += us
    const name = frameName(node.callFrame)
    byFrame.set(name, (byFrame.get(name) ?? 0) + us)
  }
  const busyUs = totalUs - (byFrame.get('(idle)') ?? 0)
  return [
    `${relative(ROOT, file)}: ${(busyUs / 1000).toFixed(0)} ms busy of ${(totalUs / 1000).toFixed(0)} ms`,
    ...[...byFrame]
      .filter(([name]) => name !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / Math.max(busyUs, 1)).toFixed(1).padStart(5)}%  ${name}`),
  ]
}
