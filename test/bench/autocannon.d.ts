// autocannon 9 ships no types; this declares only the part of its programmatic API the benchmarks use.
declare module 'autocannon' {
  namespace autocannon {
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }
  interface RawRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }
  interface RequestSpec extends RawRequest {
    setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    timeout?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: RequestSpec[]
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    statusCodeStats: Record<string, { count: number }>
    start: Date
    finish: Date
  }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>
  export = autocannon
}
