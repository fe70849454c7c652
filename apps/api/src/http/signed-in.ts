import type { User } from '@offerbook/domain/user'
import { AppError } from '../app-error'

/** The access hook has already refused anonymous calls; this narrows the type for the handler. */
export function signedIn(user: User | null): User {
  if (!user) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
  return user
}
