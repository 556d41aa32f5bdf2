import type { UpstreamStatus } from '../../../shared/schemas/upstream'

/** "synced 20 s ago", "synced 3 min ago", or "not synced yet": how fresh the mirror is, in words. */
export function syncedWords(status: Pick<UpstreamStatus, 'lagMs' | 'lastSyncAt'>): string {
  if (status.lastSyncAt === null || status.lagMs === null) return 'not synced yet'
  const seconds = Math.round(status.lagMs / 1000)
  if (seconds < 60) return `synced ${seconds} s ago`
  const minutes = Math.round(seconds / 60)
  if (minutes < 120) return `synced ${minutes} min ago`
  return `synced ${Math.round(minutes / 60)} h ago`
}

/** The environment shown is the one that mirrors the provider account (connected now or once). */
export function mirrorsHere(status: UpstreamStatus | undefined, environment: string): status is UpstreamStatus {
  return status !== undefined && status.environment === environment
}
