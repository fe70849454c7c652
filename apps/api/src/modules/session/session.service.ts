import { isAPIError } from 'better-auth/api'
import type { Session, SignIn } from '@offerbook/domain/session'
import { AppError } from '../../app-error'
import type { Auth } from './session.auth'
import type { Db } from '../../db/client'
import { findUserIdForEmail, getUser } from '../users/users.service'
import { findSessionExpiry } from './session.queries'

/** Our own refusals pass; anything else (the database down, better-auth failing) is the backend being unavailable. */
function unavailableUnlessRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error
  return new AppError('UNAVAILABLE', 'session.unavailable', { cause: error })
}

/**
 * Signs in through better-auth and hands back its bearer token. An unknown e-mail is answered as a
 * wrong password ('Incorrect e-mail/password combination'), after the same password hashing, so
 * sign-in does not tell who has an account (issue 29; spec section 8's 'User not found' stays for the
 * recovery flow).
 */
export async function signIn(db: Db, auth: Auth, { input, headers, pastLimit = false }: { input: SignIn; headers: Headers; pastLimit?: boolean }): Promise<Session> {
  try {
    return pastLimit ? await signInWithCode(db, auth, { input, headers }) : await signInWithPassword(db, auth, { input, headers })
  } catch (error) {
    throw unavailableUnlessRefusal(error)
  }
}

async function signInWithPassword(db: Db, auth: Auth, { input, headers }: { input: SignIn; headers: Headers }): Promise<Session> {
  const userId = await findUserIdForEmail(db, input.email)
  if (!userId) {
    // As long as a wrong password takes: the time of the answer does not tell either.
    await (await auth.$context).password.hash(input.password)
    throw new AppError('UNAUTHORIZED', 'session.wrongPassword')
  }
  // An account made through single sign-on has no password to compare; better-auth would only say "wrong password".
  const credential = await (await auth.$context).internalAdapter.findCredentialAccount(userId)
  if (!credential?.password) throw new AppError('CONFLICT', 'session.otherMethod')

  let result
  try {
    result = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.persist },
      headers,
      returnHeaders: true,
    })
  } catch (error) {
    // better-auth says this only once the password matched, so it tells nothing to someone guessing.
    if (isAPIError(error) && error.body?.code === 'EMAIL_NOT_VERIFIED') throw new AppError('EMAIL_NOT_VERIFIED', 'session.emailNotVerified', { cause: error })
    if (isAPIError(error) && error.statusCode < 500) throw new AppError('UNAUTHORIZED', 'session.wrongPassword', { cause: error })
    throw error
  }

  const accessToken = result.headers.get('set-auth-token')
  const expiresAt = await findSessionExpiry(db, result.response.token)
  const user = await getUser(db, result.response.user.id)
  if (!accessToken || !expiresAt || !user) throw new AppError('INTERNAL', 'request.internal')
  return { accessToken, expiresAt: expiresAt.toISOString(), user }
}

/**
 * Sign-in past the account's limit of tries (issue #29): a slow-down, not a lockout. The password
 * alone no longer signs in; with the right one, a code is e-mailed to the account, and the password
 * with that code does. Every answer is the same whether the password was right, the account exists
 * or a code went out, so a stranger learns nothing and cannot keep the owner out.
 */
async function signInWithCode(db: Db, auth: Auth, { input, headers }: { input: SignIn; headers: Headers }): Promise<Session> {
  const context = await auth.$context
  const userId = await findUserIdForEmail(db, input.email)
  const credential = userId ? await context.internalAdapter.findCredentialAccount(userId) : null
  let passwordRight = false
  if (credential?.password) passwordRight = await context.password.verify({ hash: credential.password, password: input.password })
  else await context.password.hash(input.password)
  if (input.code === undefined) {
    if (passwordRight) await auth.api.sendVerificationOTP({ body: { email: input.email, type: 'sign-in' }, headers })
    throw new AppError('UNAUTHORIZED', 'session.codeRequired')
  }
  if (!passwordRight || !userId) throw new AppError('UNAUTHORIZED', 'session.codeOrPasswordWrong')
  try {
    // Checked, then spent: a code signs in once.
    await auth.api.checkVerificationOTP({ body: { email: input.email, type: 'sign-in', otp: input.code }, headers })
    await context.internalAdapter.deleteVerificationByIdentifier(`sign-in-otp-${input.email}`)
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) throw new AppError('UNAUTHORIZED', 'session.codeOrPasswordWrong', { cause: error })
    throw error
  }
  return startSession(db, auth, { userId, persist: input.persist, headers })
}

/**
 * A new better-auth session for a user who proved who they are another way (an e-mail or phone code).
 * Without persist it lasts a day, as better-auth's own sign-in does with rememberMe false.
 */
export async function startSession(
  db: Db,
  auth: Auth,
  { userId, persist, headers }: { userId: string; persist: boolean; headers: Headers },
): Promise<Session> {
  const context = await auth.$context
  const session = await context.internalAdapter.createSession(userId, !persist, {
    ipAddress: headers.get('x-forwarded-for') ?? '',
    userAgent: headers.get('user-agent') ?? '',
  })
  const user = await getUser(db, userId)
  if (!session || !user) throw new AppError('INTERNAL', 'request.internal')
  return { accessToken: session.token, expiresAt: new Date(session.expiresAt).toISOString(), user }
}

/** Deletes the session server-side, so the same token is refused from now on. */
export async function signOut(auth: Auth, { headers }: { headers: Headers }): Promise<void> {
  await auth.api.signOut({ headers })
}
