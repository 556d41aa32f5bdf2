import { readFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'

export interface MachineInfo {
  cores: number
  cpuModel: string
  memoryGb: number
  node: string
  platform: string
}

export function machineInfo(): MachineInfo {
  const list = cpus()
  return {
    cores: list.length, cpuModel: list[0]?.model.trim() ?? 'unknown', memoryGb: totalmem() / 1024 ** 3, node: process.version,
    platform: `${process.platform} ${process.arch}`,
  }
}

function cpuTicks(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!
    const fields = line.trim().split(/\s+/).slice(1).map(Number)
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
    const total = fields.reduce((a, b) => a + b, 0)
    return { busy: total - idle, total }
  } catch {
    return null
  }
}

/**
 * How busy the machine is with OTHER work: the share of all cores in use over `ms` while the benchmark
 * itself sits idle. On a shared machine this says how much to trust absolute numbers; the ratios are
 * measured back to back in the same run, so they suffer less.
 */
export async function otherLoad(ms = 1_500): Promise<{ busyShare: number | null; loadAverage1m: number }> {
  const before = cpuTicks()
  await new Promise((done) => setTimeout(done, ms))
  const after = cpuTicks()
  const busyShare = before && after && after.total > before.total ? (after.busy - before.busy) / (after.total - before.total) : null
  return { busyShare, loadAverage1m: loadavg()[0] ?? 0 }
}

/** CPU ticks of this process plus its finished (reaped) children, grandchildren included: fields 14-17 of /proc/self/stat. */
function ownTicks(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ').map(Number)
    // After the command name: state is field 3, so utime/stime/cutime/cstime (fields 14-17) sit at 11-14.
    return fields.slice(11, 15).reduce((a, b) => a + b, 0)
  } catch {
    return null
  }
}

/**
 * Share of all cores used by OTHER work over the whole run: the machine's busy time minus the CPU of this
 * benchmark and every server, receiver and browser it started (all reaped by the end). Call the returned
 * function after every child has exited.
 */
export function createOtherWorkMeter() {
  const start = cpuTicks()
  const ownStart = ownTicks()
  return (): number | null => {
    const end = cpuTicks()
    const ownEnd = ownTicks()
    if (!start || !end || ownStart === null || ownEnd === null || end.total <= start.total) return null
    // /proc/stat counts every core; a process's ticks count one core at a time, in the same units.
    const other = end.busy - start.busy - (ownEnd - ownStart)
    return Math.max(0, other) / (end.total - start.total)
  }
}
