import { isAPIError } from 'better-auth/api'
import type { ErrorCode } from '@offerbook/domain/api-error'
import type { MessageKey } from '@offerbook/domain/messages'
import { messageText } from '@offerbook/domain/messages'
import type { CreateAccount } from '@offerbook/domain/profile'
import type { Session } from '@offerbook/domain/session'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Auth } from '../session/session.auth'
import type { Db } from '../../db/client'
import { countHit } from '../../plugins/rate-limit-store'
import { startSession } from '../session/session.service'
import { getUser } from '../users/users.service'
import { findAccountByEmail, findUserIdByVerifiedPhone, isPhoneTakenByOther, setVerifiedPhone } from './accounts.queries'
import type { PendingAccount, PhoneSignIn, ProvePhone, ResendSchedule, ResetPassword, VerifyAccount } from './accounts.schemas'

export const RESEND_COOLDOWN_MS = 60_000

type Caller = { headers: Headers }

/** better-auth's refusal of a code, in our words; its other failures stay errors (a 5xx). */
function codeRefusal(error: unknown, code: ErrorCode, key: MessageKey): unknown {
  if (!isAPIError(error) || error.statusCode >= 500) return error
  if (error.body?.code === 'TOO_MANY_ATTEMPTS') return new AppError('RATE_LIMITED', 'common.tooManyRequests', { cause: error })
  return new AppError(code, key, { cause: error })
}

/**
 * One window per address shared by sign-up and resend, counted in the database like our rate limits,
 * and kept for unknown addresses too so the answer does not tell whether an account exists.
 */
async function takeResendSlot(db: Db, email: string): Promise<{ allowed: boolean; resendAvailableAt: string }> {
  const { current, ttl } = await countHit(db, `resend-code|${email}`, RESEND_COOLDOWN_MS)
  return { allowed: current <= 1, resendAvailableAt: new Date(Date.now() + ttl).toISOString() }
}

/** Creates an unverified account with no roles; better-auth sends the code through the outbox. */
export async function signUp(db: Db, auth: Auth, { input, headers }: Caller & { input: CreateAccount }): Promise<PendingAccount> {
  const conflict = () => new AppError('CONFLICT', 'accounts.emailInUse')
  if (await findAccountByEmail(db, input.email)) throw conflict()
  let created
  try {
    created = await auth.api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password }, headers })
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500 && (await findAccountByEmail(db, input.email))) throw conflict()
    throw error
  }
  // With required verification better-auth answers a duplicate with a made-up user, e.g. after losing a race.
  const stored = await findAccountByEmail(db, input.email)
  if (stored?.id !== created.user.id) throw conflict()
  const { resendAvailableAt } = await takeResendSlot(db, input.email)
  return { email: input.email, resendAvailableAt }
}

export async function verifyAccount(db: Db, auth: Auth, { input, headers }: Caller & { input: VerifyAccount }): Promise<Session> {
  let verified
  try {
    verified = await auth.api.verifyEmailOTP({ body: { email: input.email, otp: input.code }, headers })
  } catch (error) {
    throw codeRefusal(error, 'BAD_REQUEST', 'accounts.invalidCode')
  }
  return startSession(db, auth, { userId: verified.user.id, persist: input.persist, headers })
}

export async function resendVerificationCode(db: Db, auth: Auth, { email, headers }: Caller & { email: string }): Promise<ResendSchedule> {
  const slot = await takeResendSlot(db, email)
  if (!slot.allowed) throw new AppError('RATE_LIMITED', 'accounts.resendWait')
  const account = await findAccountByEmail(db, email)
  if (account && !account.emailVerified) await auth.api.sendVerificationOTP({ body: { email, type: 'email-verification' }, headers })
  return { resendAvailableAt: slot.resendAvailableAt }
}

/** better-auth sends the code only when the account exists; the answer is the same either way. */
export async function requestRecovery(auth: Auth, { email, headers }: Caller & { email: string }): Promise<{ key: 'accounts.recoverySent'; message: string }> {
  await auth.api.requestPasswordResetEmailOTP({ body: { email }, headers })
  return { key: 'accounts.recoverySent', message: messageText('accounts.recoverySent') }
}

/** The code is spent, the password replaced and every session of the user revoked (revokeSessionsOnPasswordReset). */
export async function resetPassword(auth: Auth, { input, headers }: Caller & { input: ResetPassword }): Promise<void> {
  try {
    await auth.api.resetPasswordEmailOTP({ body: { email: input.email, otp: input.code, password: input.password }, headers })
  } catch (error) {
    throw codeRefusal(error, 'BAD_REQUEST', 'accounts.invalidCode')
  }
}

/** Only a verified phone can sign in, so only a verified phone gets a sign-in code. */
export async function sendPhoneSignInCode(db: Db, auth: Auth, { phone, headers }: Caller & { phone: string }): Promise<void> {
  if (!(await findUserIdByVerifiedPhone(db, phone))) return
  await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers })
}

export async function signInWithPhone(db: Db, auth: Auth, { input, headers }: Caller & { input: PhoneSignIn }): Promise<Session> {
  const userId = await findUserIdByVerifiedPhone(db, input.phone)
  if (!userId) throw new AppError('UNAUTHORIZED', 'accounts.invalidPhoneCode')
  try {
    await auth.api.consumePhoneNumberOTP({ body: { phoneNumber: input.phone, code: input.code } })
  } catch (error) {
    throw codeRefusal(error, 'UNAUTHORIZED', 'accounts.invalidPhoneCode')
  }
  return startSession(db, auth, { userId, persist: input.persist, headers })
}

export async function sendPhoneProofCode(db: Db, auth: Auth, { actor, phone, headers }: Caller & { actor: User; phone: string }): Promise<void> {
  if (await isPhoneTakenByOther(db, phone, actor.uid)) throw new AppError('CONFLICT', 'accounts.phoneInUse')
  // The number is not on the user yet, so the SMS template learns the language from the request.
  const withLanguage = new Headers(headers)
  withLanguage.set('accept-language', actor.language)
  await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers: withLanguage })
}

export async function provePhone(db: Db, auth: Auth, { actor, input }: { actor: User; input: ProvePhone }): Promise<User> {
  const conflict = () => new AppError('CONFLICT', 'accounts.phoneInUse')
  if (await isPhoneTakenByOther(db, input.phone, actor.uid)) throw conflict()
  try {
    await auth.api.consumePhoneNumberOTP({ body: { phoneNumber: input.phone, code: input.code } })
  } catch (error) {
    throw codeRefusal(error, 'BAD_REQUEST', 'accounts.invalidPhoneCode')
  }
  try {
    await setVerifiedPhone(db, actor.uid, input.phone)
  } catch (error) {
    // Someone else took the number between the check and the write (the column is unique).
    if (await isPhoneTakenByOther(db, input.phone, actor.uid)) throw conflict()
    throw error
  }
  const user = await getUser(db, actor.uid)
  if (!user) throw new AppError('INTERNAL', 'request.internal')
  return user
}
