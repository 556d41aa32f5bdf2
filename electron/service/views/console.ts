import { isApiVersion } from '../../../shared/api/api-versions'
import type { ApiKey, Organization } from '../../../shared/schemas/console'
import type { ApiKeyRow, OrganizationRow } from '../db/rows'

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id, environment: row.environment, prefix: row.prefix, label: row.label, createdAt: row.created_at, lastUsedAt: row.last_used_at, revokedAt: row.revoked_at,
    apiVersion: isApiVersion(row.api_version) ? row.api_version : null,
  }
}

/** `shortcodes`: the organization's shortcodes (organizations-repo `shortcodes`). */
export function toOrganization(row: OrganizationRow, shortcodes: string[]): Organization {
  return { id: row.id, name: row.name, enterprise: row.enterprise === 1, shortcodes, createdAt: row.created_at }
}
