import { ROLES, roleAllows, type Permission } from '../../../shared/team/permissions'
import { useWhoAmI } from '../api/hooks/team'

/** The roles that hold a permission everywhere, as a person asks for them: "an owner, admin or maker". */
export function whoMay(permission: Permission): string {
  const roles = ROLES.filter((role) => roleAllows(role, permission, 'live'))
  if (roles.length === 0) return 'nobody'
  const article = /^[aeiou]/.test(roles[0]!) ? 'an' : 'a'
  const list = roles.length === 1 ? roles[0]! : `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]!}`
  return `${article} ${list}`
}

/**
 * What a role sees instead of a screen or panel it cannot use: which role it is, what it cannot do, and
 * whom to ask ("Your role (support) cannot send payouts; ask an owner, admin or maker").
 */
export function RoleCannot({ permission, doing }: { permission: Permission; doing: string }) {
  const role = useWhoAmI().data?.actor.role ?? 'viewer'
  return (
    <p className="notice notice--info" role="status" data-testid="role-cannot">
      Your role ({role}) cannot {doing}; ask {whoMay(permission)}.
    </p>
  )
}
