import { readFileSync } from 'node:fs'
import { formatNumber } from './report'

/**
 * The server's engine thread is its main thread (the request path, the simulator, the request log and the
 * webhook dispatcher all run there; the checkpointer and V8's helpers have threads of their own). Its CPU
 * time per charge is the figure that shows a regression of the request path even on a busy machine:
 * wall-clock req/s move with the other work, the thread's own time hardly does.
 */

/** CPU time the thread has used so far, seconds: the scheduler's nanoseconds (schedstat), else utime + stime in ticks. */
export function threadCpuSeconds(pid: number, tid = pid): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e9
  } catch {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      return (Number(fields[11]) + Number(fields[12])) / 100
    } catch {
      return null
    }
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/**
 * Waits until the engine thread is (almost) idle: under 3 % of a core over 250 ms, at most `maxMs`. The fast
 * simulator finalizes a charge 1-3 s after acceptance, so the work a load owes ends a few seconds after it.
 */
export async function engineQuiet(pid: number, maxMs = 10_000): Promise<void> {
  const deadline = performance.now() + maxMs
  let previous = threadCpuSeconds(pid)
  while (previous !== null && performance.now() < deadline) {
    await sleep(250)
    const now = threadCpuSeconds(pid)
    if (now === null || now - previous < 0.03 * 0.25) return
    previous = now
  }
}

/** A meter of the engine thread's CPU time from now on. `stop(count)`: µs per item, null where /proc has no answer. */
export function engineMeter(pid: number): { stop(count: number): number | null } {
  const start = threadCpuSeconds(pid)
  return {
    stop(count) {
      const end = threadCpuSeconds(pid)
      return start === null || end === null || count <= 0 ? null : ((end - start) * 1e6) / count
    },
  }
}

export function formatUs(us: number | null): string {
  return us === null ? 'not measured (no /proc)' : `${formatNumber(us)} µs`
}
