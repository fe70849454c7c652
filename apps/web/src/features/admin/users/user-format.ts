import type { AdminUserRow, AdminUserStatus } from '@offerbook/domain/admin-users'

/** The one status a row shows, the first that holds in the order an admin acts on. */
export function statusOf(user: AdminUserRow): AdminUserStatus {
  if (user.deactivatedAt) return 'deactivated'
  if (!user.emailVerified) return 'unverified'
  if (user.principalBrokerStatus === 'pending') return 'pendingPrincipalBroker'
  return 'active'
}
