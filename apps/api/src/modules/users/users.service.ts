import type { Language, User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { findUserById, findUserIdByEmail, listUsers, updateUserLanguage } from './users.queries'

export async function getUser(db: Db, userId: string): Promise<User | null> {
  return findUserById(db, userId)
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

export type UserPage = { items: User[]; total: number; page: number; pageSize: number }

export async function searchUsers(db: Db, input: { page: number; pageSize: number; search?: string | undefined }): Promise<UserPage> {
  const search = input.search?.trim() || undefined
  const { items, total } = await listUsers(db, { page: input.page, pageSize: input.pageSize, search })
  return { items, total, page: input.page, pageSize: input.pageSize }
}
