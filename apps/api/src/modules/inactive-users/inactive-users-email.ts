import type { InactiveReason } from '@offerbook/domain/inactive-users'
import type { ReminderKind } from '../messaging/emails/inactive-reminder'

/** What a reminder asks the user to do: the first reason that applies decides it. */
export function reminderKind(reasons: readonly InactiveReason[]): ReminderKind {
  if (reasons.includes('unverified')) return 'verify'
  if (reasons.includes('notOnboarded')) return 'onboard'
  return 'comeBack'
}
