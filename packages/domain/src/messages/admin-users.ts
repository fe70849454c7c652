import type { MessageTable } from './table'

/** Keys adminUsers.* (see ../messages.ts for the rules of the catalogue). */
export const ADMIN_USER_MESSAGES = {
  'adminUsers.notFound': 'There is no user with this id',
  'adminUsers.unknownRole': 'This is not a role',
  'adminUsers.unknownStatus': 'status must be active, deactivated, unverified or pendingPrincipalBroker',
  'adminUsers.unknownSort': 'sort must be name, email, createdAt or lastSignInAt',
  'adminUsers.unknownOrder': 'order must be asc or desc',
  'adminUsers.tooManyRoles': 'A user can have at most {maximum} roles',
  'adminUsers.reasonTooLong': 'The reason must have at most {maximum} characters',
  'adminUsers.noRoles': 'Choose at least one role',
  'adminUsers.repeatedRole': 'Each role can be chosen only once',
  'adminUsers.oneKindOnly': 'Choose only one of the seller and buyer roles',
  'adminUsers.ownRoles': 'You cannot change your own roles',
  'adminUsers.onlySuperAdminGrantsAdmin': 'Only a super admin can grant or remove the admin and super admin roles',
  'adminUsers.lastSuperAdmin': 'This is the last super admin: the role cannot be removed',
  'adminUsers.changedMeanwhile': 'This user was changed meanwhile. Reload the user and try again',
  'adminUsers.notPending': 'This user has no pending principal broker request',
  'adminUsers.denyReasonRequired': 'Give a reason to deny the request',
  'adminUsers.ownDeactivation': 'You cannot deactivate your own account',
  'adminUsers.onlySuperAdminDeactivatesAdmin': 'Only a super admin can deactivate or reactivate an admin',
  'adminUsers.alreadyDeactivated': 'This account is already deactivated',
  'adminUsers.notDeactivated': 'This account is not deactivated',
  'adminUsers.alreadyVerified': 'This user has already verified their email',
  'adminUsers.accountDeactivated': 'This account has been deactivated. Contact support to restore it.',
} as const satisfies MessageTable
