import type { User } from '@offerbook/domain/user'
import { AppError, SIGN_IN_REQUIRED_MESSAGE } from '../app-error'

/** The access hook has already refused anonymous calls; this narrows the type for the handler. */
export function signedIn(user: User | null): User {
  if (!user) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE)
  return user
}
