import { z } from 'zod'
import { newPasswordSchema } from '@offerbook/domain/profile'
import { UserSchema } from '@offerbook/domain/user'
import { requiredPhoneSchema } from '@offerbook/domain/phone-schemas'
import { emailSchema, freeText } from '@offerbook/domain/validation'

const accountEmail = emailSchema.transform((email) => email.toLowerCase())
const code = freeText({ error: 'common.required' }).trim().min(1, 'common.required').max(32, 'accounts.invalidCode')
// better-auth keeps and texts numbers in E.164; spec section 5's '(615) 555-0123' is taken and converted.
const phone = requiredPhoneSchema

export const PendingAccountSchema = z.object({ email: z.string(), resendAvailableAt: z.string() })
export type PendingAccount = z.infer<typeof PendingAccountSchema>

export const VerifyAccountSchema = z.object({ email: accountEmail, code, persist: z.boolean().default(false) })
export type VerifyAccount = z.infer<typeof VerifyAccountSchema>

export const ResendCodeSchema = z.object({ email: accountEmail })
export const ResendScheduleSchema = z.object({ resendAvailableAt: z.string() })
export type ResendSchedule = z.infer<typeof ResendScheduleSchema>

export const RequestRecoverySchema = z.object({ email: accountEmail })
/** The same answer for any address: the message by its catalogue key, and its English text. */
export const RecoveryRequestedSchema = z.object({ key: z.literal('accounts.recoverySent'), message: z.string() })

export const ResetPasswordSchema = z.object({ email: accountEmail, code, password: newPasswordSchema })
export type ResetPassword = z.infer<typeof ResetPasswordSchema>

export const RequestPhoneCodeSchema = z.object({ phone })
export const PhoneSignInSchema = z.object({ phone, code, persist: z.boolean().default(false) })
export type PhoneSignIn = z.infer<typeof PhoneSignInSchema>

export const ProvePhoneSchema = z.object({ phone, code })
export type ProvePhone = z.infer<typeof ProvePhoneSchema>

export const MeSchema = z.object({ user: UserSchema })
