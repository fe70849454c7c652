import type { UnsubscribeInfo } from '@offerbook/domain/send'
import { maskEmail } from '@offerbook/domain/send'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { addressOfToken } from './send-content'
import { addOptOut, isOptedOut, removeOptOut } from './send.queries'

/**
 * The unsubscribe link of a user's email (/unsubscribe/<token>): the token names the address and is
 * signed with the app's secret, so nothing is stored until the recipient acts. Opting out stops the
 * messages users send from the Send dialog, not the account's own notices.
 */

function addressOf(secret: string, token: string): string {
  const address = addressOfToken(secret, token)
  if (!address) throw new AppError('NOT_FOUND', 'send.unsubscribeNotFound')
  return address
}

async function info(db: Db, address: string): Promise<UnsubscribeInfo> {
  return { channel: 'email', address: maskEmail(address), optedOut: await isOptedOut(db, 'email', address) }
}

export async function getUnsubscribe(db: Db, { secret, token }: { secret: string; token: string }): Promise<UnsubscribeInfo> {
  return info(db, addressOf(secret, token))
}

export async function unsubscribe(db: Db, { secret, token }: { secret: string; token: string }): Promise<UnsubscribeInfo> {
  const address = addressOf(secret, token)
  await addOptOut(db, 'email', address, 'unsubscribe')
  return info(db, address)
}

export async function resubscribe(db: Db, { secret, token }: { secret: string; token: string }): Promise<UnsubscribeInfo> {
  const address = addressOf(secret, token)
  await removeOptOut(db, 'email', address)
  return info(db, address)
}
