import { z } from 'zod'
import type { MessageKey } from './messages'
import { ONBOARDING_ROLES } from './profile'
import type { Role } from './roles'
import { RoleSchema } from './roles'
import { UserSchema } from './user'
import { freeText } from './validation'
import { pageOf } from './paging'

/**
 * The admin's view of users (issue #15): /admin/users lists, searches and changes them. The API
 * (modules/admin-users) and the page (features/admin/users) share these shapes.
 */

export const ADMIN_USER_STATUSES = ['active', 'deactivated', 'unverified', 'pendingPrincipalBroker'] as const
export const AdminUserStatusSchema = z.enum(ADMIN_USER_STATUSES)
export type AdminUserStatus = z.infer<typeof AdminUserStatusSchema>

export const ADMIN_USER_SORTS = ['name', 'email', 'createdAt', 'lastSignInAt'] as const
export const AdminUserSortSchema = z.enum(ADMIN_USER_SORTS)
export type AdminUserSort = z.infer<typeof AdminUserSortSchema>

/** One row of the users list: the profile plus what an admin decides on. Dates are ISO strings. */
export const AdminUserRowSchema = UserSchema.extend({
  emailVerified: z.boolean(),
  deactivatedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  /** What a change sends back as expectedUpdatedAt: a change made meanwhile is refused (409). */
  updatedAt: z.string(),
})
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>

export const AdminUserPageSchema = pageOf(AdminUserRowSchema)
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>

export const SignInEventSchema = z.object({ at: z.string(), ipAddress: z.string().nullable(), userAgent: z.string().nullable() })
export type SignInEventView = z.infer<typeof SignInEventSchema>

export const AuditRowSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
})
export type AuditRowView = z.infer<typeof AuditRowSchema>

export const AdminUserDetailSchema = z.object({
  user: AdminUserRowSchema,
  /** The latest 50 sign-ins, newest first. */
  signIns: z.array(SignInEventSchema),
  /** Every admin action on this user, newest first. */
  audit: z.array(AuditRowSchema),
  /** The phones the user's listing cards dial (their listings' ListAgentDirectPhone), at most five. */
  listingPhones: z.array(z.string()),
})
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>

export const ExpectedUpdatedAtSchema = z.string().min(1, 'common.required')

export const SetUserRolesSchema = z.object({ roles: z.array(z.enum(RoleSchema.options, { error: 'adminUsers.unknownRole' })).max(10, 'adminUsers.tooManyRoles'), expectedUpdatedAt: ExpectedUpdatedAtSchema })
export type SetUserRoles = z.infer<typeof SetUserRolesSchema>

export const PRINCIPAL_BROKER_DECISIONS = ['approve', 'deny'] as const
export const PrincipalBrokerDecisionSchema = z.object({
  decision: z.enum(PRINCIPAL_BROKER_DECISIONS),
  /** Required to deny; it is quoted in the email to the user. */
  reason: freeText().max(1000, 'adminUsers.reasonTooLong').optional(),
  expectedUpdatedAt: ExpectedUpdatedAtSchema,
})
export type PrincipalBrokerDecision = z.infer<typeof PrincipalBrokerDecisionSchema>

export const DeactivateUserSchema = z.object({ reason: freeText().max(1000, 'adminUsers.reasonTooLong').optional(), expectedUpdatedAt: ExpectedUpdatedAtSchema })
export type DeactivateUser = z.infer<typeof DeactivateUserSchema>
export const ReactivateUserSchema = z.object({ expectedUpdatedAt: ExpectedUpdatedAtSchema })
export type ReactivateUser = z.infer<typeof ReactivateUserSchema>

/** Spec section 3's isAddListingEnabled, turned on or off by an admin: whether the user may add listings. */
export const SetAddListingSchema = z.object({ enabled: z.boolean({ error: 'adminUsers.addListingChoice' }), expectedUpdatedAt: ExpectedUpdatedAtSchema })
export type SetAddListing = z.infer<typeof SetAddListingSchema>

/** The answer of every change: the user as it now is. */
export const AdminUserChangeSchema = z.object({ user: AdminUserRowSchema })
export type AdminUserChange = z.infer<typeof AdminUserChangeSchema>


/**
 * What is wrong with a set of roles an admin gives a user, or null when nothing is: at least one role,
 * and at most one of the kinds onboarding offers (onboarding picks one kind); PRINCIPAL_BROKER, ADMIN
 * and SUPER_ADMIN come on top of it.
 */
export function roleCombinationProblem(roles: readonly Role[]): MessageKey | null {
  if (roles.length === 0) return 'adminUsers.noRoles'
  if (new Set(roles).size !== roles.length) return 'adminUsers.repeatedRole'
  if (roles.filter((role) => (ONBOARDING_ROLES as readonly Role[]).includes(role)).length > 1) return 'adminUsers.oneKindOnly'
  return null
}
