import type { ReactNode } from 'react'
import type { Permission } from '../../../shared/team/permissions'
import { useCan } from '../api/hooks/team'

/** Shows its children only to a caller holding `permission` here: the console hides what a role may not use. */
export function Can({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan(permission) ? <>{children}</> : null
}
