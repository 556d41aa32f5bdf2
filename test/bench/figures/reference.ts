import type { BenchContext } from '../context'
import { measure, type LoadResult } from '../load'
import { startHelloWorld } from '../processes'

/**
 * The bare node:http hello-world at 50 connections, in its own process: what one Node HTTP process can
 * answer on this machine right now. Measured again right before each figure that is a ratio to it, so
 * both sides of a ratio see the same background load.
 */
export async function measureHelloWorld(ctx: BenchContext): Promise<LoadResult> {
  const hello = await startHelloWorld()
  try {
    const result = await measure({ url: hello.url, connections: 50, duration: ctx.durationS })
    ctx.log(`  hello-world: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms`)
    return result
  } finally {
    await hello.stop()
  }
}
