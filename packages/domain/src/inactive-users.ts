import { z } from 'zod'
import { RoleSchema } from './roles'
import { freeText } from './validation'
import { ADMIN_PAGING, pageOf } from './paging'

/** Why an account counts as inactive (issue #15, /admin/inactiveusers). */
export const INACTIVE_REASONS = ['deactivated', 'dormant', 'unverified', 'notOnboarded'] as const
export type InactiveReason = (typeof INACTIVE_REASONS)[number]

/** How many days without a sign-in make an account dormant, when no admin has set it. */
export const DEFAULT_INACTIVITY_DAYS = 180
export const MAX_INACTIVITY_DAYS = 3650

export const InactiveUsersQuerySchema = z.object({
  reason: z.enum(INACTIVE_REASONS, { error: 'inactiveUsers.unknownReason' }).optional(),
  search: freeText().max(200, 'admin.searchTooLong').optional(),
  ...ADMIN_PAGING,
})
export type InactiveUsersQuery = z.infer<typeof InactiveUsersQuerySchema>

export const InactiveUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(RoleSchema),
  reasons: z.array(z.enum(INACTIVE_REASONS)),
  emailVerified: z.boolean(),
  onboarded: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSignInAt: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
})
export type InactiveUser = z.infer<typeof InactiveUserSchema>

export const InactiveUsersPageSchema = pageOf(InactiveUserSchema).extend({
  /** The dormancy threshold the list was made with. */
  days: z.number().int(),
})
export type InactiveUsersPage = z.infer<typeof InactiveUsersPageSchema>

/** The inactivity threshold an admin sets: whole days, 1 to 3650. */
export const InactivitySettingSchema = z.object({
  days: z
    .number({ error: 'inactiveUsers.daysWholeNumber' })
    .int('inactiveUsers.daysWholeNumber')
    .min(1, 'inactiveUsers.daysTooSmall')
    .max(MAX_INACTIVITY_DAYS, 'inactiveUsers.daysTooLarge'),
})
export type InactivitySetting = z.infer<typeof InactivitySettingSchema>

export const ReminderResultSchema = z.object({ sent: z.literal(true) })
