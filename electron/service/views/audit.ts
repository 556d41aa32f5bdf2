import type { AuditEntry } from '../../../shared/schemas/console-support'
import type { Actor } from '../../../shared/schemas/team'
import { isRole } from '../../../shared/team/permissions'
import type { AuditRow } from '../db/audit-repo'

/** A stored role as the API's actor role (a hand-edited value reads as the least privileged one). */
function actorRole(stored: string): Actor['role'] {
  return isRole(stored) || stored === 'api-key' ? stored : 'viewer'
}

/** An audit row as the API shows it (the audit log, evidence bundles). */
export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id, at: row.at, environment: row.environment, action: row.action, label: row.label, target: row.target, requestId: row.request_id,
    actor: { id: row.actor_id, name: row.actor_name, role: actorRole(row.actor_role) },
    details: row.details, recordedAt: row.recorded_at,
  }
}
