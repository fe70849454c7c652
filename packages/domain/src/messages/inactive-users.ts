import type { MessageTable } from './table'

/** Keys inactiveUsers.* (see ../messages.ts for the rules of the catalogue). */
export const INACTIVE_USER_MESSAGES = {
  'inactiveUsers.unknownReason': 'reason must be deactivated, dormant, unverified or notOnboarded',
  'inactiveUsers.daysWholeNumber': 'days must be a whole number',
  'inactiveUsers.daysTooSmall': 'days must be at least {minimum}',
  'inactiveUsers.daysTooLarge': 'days must be at most {maximum}',
  'inactiveUsers.notFound': 'There is no user with this id',
  'inactiveUsers.onlyUnverified': 'Only an account that never verified its email can be erased',
  'inactiveUsers.notYourself': 'You cannot erase your own account',
  'inactiveUsers.notAnAdmin': 'An administrator account cannot be erased here',
  'inactiveUsers.deactivatedNoReminder': 'This account is deactivated: reactivate it before sending a reminder',
} as const satisfies MessageTable
