import { z } from 'zod'
import { UserSchema } from '@offerbook/domain/user'
import { emailSchema, freeText, fullNameSchema, MESSAGES, minLength } from '@offerbook/domain/validation'
import { E164_PATTERN } from '../messaging/messaging.service'

// Candidates for packages/domain (the sign-up and recovery forms validate with the same rules); kept
// here until the web pages need them, as this module owns only apps/api/src/modules/accounts.

export const PASSWORD_MIN_LENGTH = 8
const PASSWORD_MAX_LENGTH = 256
const NAME_MAX_LENGTH = 200

const accountEmail = emailSchema.transform((email) => email.toLowerCase())
const newPassword = minLength(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH, `Must have at most ${PASSWORD_MAX_LENGTH} characters`)
const code = freeText({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(32, 'Invalid or expired code')
const phone = z.string({ error: MESSAGES.invalidPhone }).trim().regex(E164_PATTERN, MESSAGES.invalidPhone)

export const CreateAccountSchema = z.object({
  name: fullNameSchema.refine((name) => name.length <= NAME_MAX_LENGTH, `Must have at most ${NAME_MAX_LENGTH} characters`),
  email: accountEmail,
  password: newPassword,
})
export type CreateAccount = z.infer<typeof CreateAccountSchema>

export const PendingAccountSchema = z.object({ email: z.string(), resendAvailableAt: z.string() })
export type PendingAccount = z.infer<typeof PendingAccountSchema>

export const VerifyAccountSchema = z.object({ email: accountEmail, code, persist: z.boolean().default(false) })
export type VerifyAccount = z.infer<typeof VerifyAccountSchema>

export const ResendCodeSchema = z.object({ email: accountEmail })
export const ResendScheduleSchema = z.object({ resendAvailableAt: z.string() })
export type ResendSchedule = z.infer<typeof ResendScheduleSchema>

export const RequestRecoverySchema = z.object({ email: accountEmail })
export const RecoveryRequestedSchema = z.object({ message: z.string() })

export const ResetPasswordSchema = z.object({ email: accountEmail, code, password: newPassword })
export type ResetPassword = z.infer<typeof ResetPasswordSchema>

export const RequestPhoneCodeSchema = z.object({ phone })
export const PhoneSignInSchema = z.object({ phone, code, persist: z.boolean().default(false) })
export type PhoneSignIn = z.infer<typeof PhoneSignInSchema>

export const ProvePhoneSchema = z.object({ phone, code })
export type ProvePhone = z.infer<typeof ProvePhoneSchema>

export const MeSchema = z.object({ user: UserSchema })
