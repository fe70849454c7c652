import { isAPIError } from 'better-auth/api'
import type { Session, SignIn } from '@offerbook/domain/session'
import { AppError, INTERNAL_MESSAGE } from '../../app-error'
import type { Auth } from '../../auth/auth'
import type { Db } from '../../db/client'
import { findUserIdForEmail, getUser } from '../users/users.service'
import { findSessionExpiry } from './session.queries'

export const USER_NOT_FOUND_MESSAGE = 'User not found'
export const WRONG_PASSWORD_MESSAGE = 'Incorrect e-mail/password combination'

/**
 * Signs in through better-auth and hands back its bearer token. The spec's messages tell an unknown
 * e-mail from a wrong password (section 8); the rate limit on the route keeps that from being a
 * cheap way to list accounts.
 */
export async function signIn(db: Db, auth: Auth, { input, headers }: { input: SignIn; headers: Headers }): Promise<Session> {
  const userId = await findUserIdForEmail(db, input.email)
  if (!userId) throw new AppError('UNAUTHORIZED', USER_NOT_FOUND_MESSAGE)

  let result
  try {
    result = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.persist },
      headers,
      returnHeaders: true,
    })
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) throw new AppError('UNAUTHORIZED', WRONG_PASSWORD_MESSAGE, { cause: error })
    throw error
  }

  const accessToken = result.headers.get('set-auth-token')
  const expiresAt = await findSessionExpiry(db, result.response.token)
  const user = await getUser(db, result.response.user.id)
  if (!accessToken || !expiresAt || !user) throw new AppError('INTERNAL', INTERNAL_MESSAGE)
  return { accessToken, expiresAt: expiresAt.toISOString(), user }
}

/** Deletes the session server-side, so the same token is refused from now on. */
export async function signOut(auth: Auth, { headers }: { headers: Headers }): Promise<void> {
  await auth.api.signOut({ headers })
}
