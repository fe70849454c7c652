import type { UiMode } from '@offerbook/domain/ui-mode'
import type { Language, User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { findDeactivatedAt, findUserById, findUserIdByEmail, findUserWithDeactivation, updateUserLanguage, updateUserUiMode } from './users.queries'

/** A database row as the domain User; the admin area (issue #15) builds its rows on it. */
export { toUser } from './users.queries'

/** Whether an admin deactivated the account (issue #15): no session is made for it, its token is refused. */
export async function isDeactivated(db: Db, userId: string): Promise<boolean> {
  const row = await findDeactivatedAt(db, userId)
  return Boolean(row?.deactivatedAt)
}

/** The user, or null when there is none or an admin deactivated the account (issue #15): its token is refused. */
export async function getUser(db: Db, userId: string): Promise<User | null> {
  const found = await findUserWithDeactivation(db, userId)
  return found && !found.deactivatedAt ? found.user : null
}

export async function findUserIdForEmail(db: Db, email: string): Promise<string | null> {
  return findUserIdByEmail(db, email)
}

export async function changeLanguage(db: Db, { actor, language }: { actor: User; language: Language }): Promise<User> {
  await updateUserLanguage(db, actor.uid, language)
  const updated = await findUserById(db, actor.uid)
  if (!updated) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
  return updated
}

/** Spec section 3, Preferences: the buy/sell mode is kept on the account, like the language. */
export async function changeUiMode(db: Db, { actor, uiMode }: { actor: User; uiMode: UiMode }): Promise<User> {
  await updateUserUiMode(db, actor.uid, uiMode)
  const updated = await findUserById(db, actor.uid)
  if (!updated) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
  return updated
}
