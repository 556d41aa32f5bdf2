import type { Environment } from '../../../shared/schemas/common'
import { PERMISSIONS, roleAllows, type Permission } from '../../../shared/team/permissions'
import type { Principal } from '../core/principal'

/** The permissions a caller holds in an environment (the console hides what the rest would refuse). */
export function permissionsHeld(principal: Principal, environment: Environment): Permission[] {
  const role = principal.actor.role
  if (principal.via !== 'console' || role === 'api-key') return []
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => roleAllows(role, permission, environment))
}
