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

/** Share of all cores busy between two samples, whoever used them (benchmark included). */
export function createBusyMeter() {
  const start = cpuTicks()
  return () => {
    const end = cpuTicks()
    return start && end && end.total > start.total ? (end.busy - start.busy) / (end.total - start.total) : null
  }
}
