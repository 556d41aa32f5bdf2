import type { Permission } from '../../../../shared/team/permissions'
import { useApiMutation, useApiQuery } from '../use-api'

/** Who the console acts as, whether sign-in is required, and what this caller may do here. */
export function useWhoAmI() {
  return useApiQuery('console.sessions.current', {}, { staleTime: 60_000 })
}

/**
 * Whether the caller holds a permission in the current environment: the console hides what a role may
 * not use (the server refuses it anyway). Unknown (still loading) counts as no.
 */
export function useCan(permission: Permission): boolean {
  return useWhoAmI().data?.permissions.includes(permission) ?? false
}

export function useUsers() {
  return useApiQuery('console.users.list', {})
}
export function useCreateUser() {
  return useApiMutation('console.users.create', { invalidates: ['console.users.', 'console.audit.'] })
}
export function useUpdateUser() {
  return useApiMutation('console.users.update', { invalidates: ['console.users.', 'console.audit.'] })
}
export function useRoles() {
  return useApiQuery('console.roles', {}, { staleTime: Number.POSITIVE_INFINITY })
}
export function useTeamSettings() {
  return useApiQuery('console.team.get', {})
}
export function useUpdateTeamSettings() {
  return useApiMutation('console.team.update', { invalidates: ['console.team.', 'console.sessions.'] })
}
export function useApprovalPolicy() {
  return useApiQuery('console.approvalPolicy.get', {})
}
export function useUpdateApprovalPolicy() {
  return useApiMutation('console.approvalPolicy.update', { invalidates: ['console.approvalPolicy.'] })
}
export function useApprovals() {
  return useApiQuery('console.approvals.list', { query: {} })
}
export function useApprove() {
  return useApiMutation('console.approvals.approve', { invalidates: ['console.approvals.', 'transactions.', 'console.transactions.', 'accounts.list', 'balance.get'] })
}
export function useReject() {
  return useApiMutation('console.approvals.reject', { invalidates: ['console.approvals.'] })
}
export function useSignOut() {
  return useApiMutation('console.sessions.end')
}
