import { and, eq, ne } from 'drizzle-orm'
import type { Language } from '@offerbook/domain/user'
import { LanguageSchema } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import { user } from '../../db/schema/users'
import { announceAuthChange } from '../../auth/session-cache'

export type AccountState = { id: string; emailVerified: boolean; language: Language }

function language(value: string): Language {
  const parsed = LanguageSchema.safeParse(value)
  return parsed.success ? parsed.data : 'en-us'
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountState | null> {
  const [row] = await db
    .select({ id: user.id, emailVerified: user.emailVerified, language: user.language })
    .from(user)
    .where(eq(user.email, email.toLowerCase()))
    .limit(1)
  return row ? { ...row, language: language(row.language) } : null
}

export async function findUserLanguageByEmail(db: Db, email: string): Promise<Language | null> {
  return (await findAccountByEmail(db, email))?.language ?? null
}

export async function findUserLanguageByPhone(db: Db, phone: string): Promise<Language | null> {
  const [row] = await db.select({ language: user.language }).from(user).where(eq(user.phone, phone)).limit(1)
  return row ? language(row.language) : null
}

export async function findUserIdByVerifiedPhone(db: Db, phone: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.phone, phone), eq(user.phoneVerified, true)))
    .limit(1)
  return row?.id ?? null
}

/** Whether someone other than `userId` holds the phone, verified or not (the column is unique). */
export async function isPhoneTakenByOther(db: Db, phone: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.phone, phone), ne(user.id, userId)))
    .limit(1)
  return Boolean(row)
}

export async function setVerifiedPhone(db: Db, userId: string, phone: string): Promise<void> {
  await db.update(user).set({ phone, phoneVerified: true }).where(eq(user.id, userId))
  await announceAuthChange(db, [userId])
}
