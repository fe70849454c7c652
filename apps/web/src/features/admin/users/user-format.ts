import type { AdminUserRow, AdminUserStatus } from '@offerbook/domain/admin-users'

export function formatDateTime(language: string, iso: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
}

/** The one status a row shows, the first that holds in the order an admin acts on. */
export function statusOf(user: AdminUserRow): AdminUserStatus {
  if (user.deactivatedAt) return 'deactivated'
  if (!user.emailVerified) return 'unverified'
  if (user.principalBrokerStatus === 'pending') return 'pendingPrincipalBroker'
  return 'active'
}
