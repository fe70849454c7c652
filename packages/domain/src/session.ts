import { z } from 'zod'
import { UserSchema } from './user'

/** The one fixed storage key the browser keeps `{ accessToken, persist }` under (spec sections 3 and 4). */
export const SESSION_STORAGE_KEY = 'offerbook.session'

export const StoredSessionSchema = z.object({
  accessToken: z.string().min(1),
  persist: z.boolean(),
})
export type StoredSession = z.infer<typeof StoredSessionSchema>

export const SignInSchema = z.object({
  email: z.string().trim().toLowerCase().email('Invalid email').max(254, 'Invalid email'),
  password: z.string().min(1, 'Required').max(256, 'Must have at most 256 characters'),
  persist: z.boolean().default(false),
})
export type SignIn = z.infer<typeof SignInSchema>

export const SessionSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.string(),
  user: UserSchema,
})
export type Session = z.infer<typeof SessionSchema>
