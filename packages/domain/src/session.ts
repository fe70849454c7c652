import { z } from 'zod'
import { UserSchema } from './user'

export { parseStoredSession, SESSION_STORAGE_KEY } from './stored-session'
export type { StoredSession } from './stored-session'

export const StoredSessionSchema = z.object({
  accessToken: z.string().min(1),
  persist: z.boolean(),
})

/** The one-time codes the API e-mails and texts: six digits. */
export const CODE_LENGTH = 6

/** A one-time code as typed: spaces and hyphens pasted along are dropped, six digits must remain. */
export const OneTimeCodeSchema = z
  .string({ error: 'accounts.codeDigits' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'accounts.codeDigits'))

export const SignInSchema = z.object({
  email: z.string({ error: 'common.required' }).trim().toLowerCase().email('common.invalidEmail').max(254, 'common.invalidEmail'),
  password: z.string({ error: 'common.required' }).min(1, 'common.required').max(256, 'common.tooLong'),
  persist: z.boolean().default(false),
  /**
   * After many tries on the account (issue #29), the code e-mailed to its owner once the right password
   * was given; asked for by the answer session.codeRequired.
   */
  code: OneTimeCodeSchema.optional(),
})
export type SignIn = z.infer<typeof SignInSchema>

export const SessionSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.string(),
  user: UserSchema,
})
export type Session = z.infer<typeof SessionSchema>


