import type { UpstreamSyncJob } from '../../../shared/schemas/upstream'
import type { SyncProgress } from './sync'

/** Jobs kept for GET /console/upstream/sync/{jobId}: the newest ones, in memory while the process runs. */
const KEPT_JOBS = 200

export interface Job extends UpstreamSyncJob {
  progress: SyncProgress
}

/**
 * Sync jobs, run one at a time in the order they were asked for (a poll's cycle is a job too), so two syncs
 * never write the same days at once and the pacer sees one stream of sync calls.
 */
export function createJobQueue(now: () => number, newJobId: () => string) {
  const jobs = new Map<string, Job>()
  let chain: Promise<void> = Promise.resolve()
  let pending = 0
  return {
    /** Queues `work`; returns the job at once. */
    enqueue(range: { from: string; to: string } | null, work: (progress: SyncProgress) => Promise<void>, failed: (error: unknown) => string): Job {
      const job: Job = {
        jobId: newJobId(), status: 'queued', from: range?.from ?? null, to: range?.to ?? null, rows: 0, requests: 0, startedAt: null, finishedAt: null, error: null,
        progress: { rows: 0, requests: 0, gaps: [] },
      }
      jobs.set(job.jobId, job)
      if (jobs.size > KEPT_JOBS) jobs.delete(jobs.keys().next().value!)
      pending++
      chain = chain.then(async () => {
        job.status = 'running'
        job.startedAt = now()
        try {
          await work(job.progress)
          job.status = 'done'
        } catch (error) {
          job.status = 'failed'
          job.error = failed(error)
        } finally {
          job.finishedAt = now()
          pending--
        }
      })
      return job
    },
    get(jobId: string): UpstreamSyncJob | undefined {
      const job = jobs.get(jobId)
      if (!job) return undefined
      const { progress, ...shown } = job
      return { ...shown, rows: progress.rows, requests: progress.requests }
    },
    /** A job is queued or running. */
    busy: () => pending > 0,
    /** Resolves once every job queued so far has finished. */
    settled: () => chain,
  }
}
