import type { SendEmailAnswer, SendSmsAnswer, SendSmsStatus } from '@offerbook/domain/send'
import type { SendEmailInputSchema, SendSmsInputSchema } from '@offerbook/domain/send'
import { SEND_LIMITS } from '@offerbook/domain/send'
import type { User } from '@offerbook/domain/user'
import type { z } from 'zod'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import { publishEvent } from '../events/events.publish'
import { getPublicListing } from '../listings/listings.service'
import { enqueueEmail, enqueueSms } from '../messaging/messaging.service'
import { outboxWorkersRunning } from '../messaging/outbox-worker'
import { notify } from '../notifications/notifications.service'
import { renderSms } from '../messaging/emails/registry'
import type { UserMessageData } from '../messaging/emails/user-message'
import { unsubscribeUrl } from './send-content'
import type { Channel } from './send.queries'
import { claimFailure, countSentLastHour, insertRecipients, insertUserMessage, languageByPhone, languagesByEmail, lockSender, optedOutAmong, outboxStatus } from './send.queries'

type Property = NonNullable<UserMessageData['property']>

export type SendContext = { publicUrl: string; authSecret: string }
export type SendEmailBody = z.output<typeof SendEmailInputSchema>
export type SendSmsBody = z.output<typeof SendSmsInputSchema>

/** How long POST /api/messages/sms waits for the outbox's first try, and how often it looks. */
export const SMS_WAIT_MS = 5_000
const SMS_POLL_MS = 100

/** The listing a message is about: one the sender may see (public, or theirs); otherwise 404. */
async function propertyOf(db: Db, actor: User, propertyId: string | undefined): Promise<Property | null> {
  if (propertyId === undefined) return null
  try {
    const listing = await getPublicListing(db, { viewer: actor, id: propertyId })
    return { id: listing.id, address: listing.UnparsedAddress || listing.ListingKey }
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', 'send.propertyNotFound')
    throw error
  }
}

function refuseOverLimit(channel: Channel, sentLastHour: number, adding: number): void {
  const limit = channel === 'email' ? SEND_LIMITS.emailsPerHour : SEND_LIMITS.smsPerHour
  if (adding > 0 && sentLastHour + adding > limit) {
    throw new AppError('RATE_LIMITED', channel === 'email' ? 'send.emailHourlyLimit' : 'send.smsHourlyLimit', { params: { limit } })
  }
}

/**
 * POST /api/messages/email: one outbox email per recipient who has not unsubscribed, recorded with
 * the message in one transaction; the hourly limit is counted under the sender's lock.
 */
export async function sendEmail(db: Db, ctx: SendContext, { actor, input }: { actor: User; input: SendEmailBody }): Promise<SendEmailAnswer> {
  const addresses = [...new Set(input.emailAddresses.map((address) => address.toLowerCase()))]
  const property = await propertyOf(db, actor, input.propertyId)
  return db.transaction(async (tx) => {
    await lockSender(tx, actor.uid)
    const optedOutSet = await optedOutAmong(tx, 'email', addresses)
    const queued = addresses.filter((address) => !optedOutSet.has(address))
    const optedOut = addresses.filter((address) => optedOutSet.has(address))
    refuseOverLimit('email', await countSentLastHour(tx, actor.uid, 'email'), queued.length)
    const languages = await languagesByEmail(tx, queued)
    const messageId = await insertUserMessage(tx, { senderId: actor.uid, listingId: property?.id ?? null, channel: 'email', subject: input.subject, body: input.message })
    const rows = []
    for (const address of queued) {
      const locale = languages.get(address) ?? actor.language
      const data: UserMessageData = {
        subject: input.subject,
        message: input.message,
        sender: { name: actor.name, email: actor.email },
        property,
        unsubscribeUrl: unsubscribeUrl(ctx.publicUrl, ctx.authSecret, address),
      }
      const outbox = await enqueueEmail(tx, 'user-message', data, { to: address, locale, publicUrl: ctx.publicUrl })
      rows.push({ messageId, senderId: actor.uid, channel: 'email' as const, recipient: address, outboxMessageId: outbox.id, status: 'queued' as const })
    }
    for (const address of optedOut) rows.push({ messageId, senderId: actor.uid, channel: 'email' as const, recipient: address, outboxMessageId: null, status: 'opted-out' as const })
    await insertRecipients(tx, rows)
    return { queued, optedOut }
  })
}

/** Outbox messages a request is waiting on in this process: their failure is told in the answer. */
const awaited = new Set<string>()

/**
 * POST /api/messages/sms: one number. Recorded and queued in one transaction (or recorded as
 * opted-out), then the answer waits up to SMS_WAIT_MS for the outbox's first try.
 */
export async function sendSms(db: Db, { actor, input }: { actor: User; input: SendSmsBody }): Promise<SendSmsAnswer> {
  const property = await propertyOf(db, actor, input.propertyId)
  const locale = (await languageByPhone(db, input.phoneNumber)) ?? actor.language
  const sms = { senderName: actor.name, message: input.message }
  const { text } = renderSms('user-message', locale, sms)
  if (text.length > SEND_LIMITS.smsMax) {
    const maximum = Math.max(0, SEND_LIMITS.smsMax - (text.length - input.message.length))
    throw fieldError('message', 'send.smsTooLong', { maximum })
  }
  const outcome = await db.transaction(async (tx) => {
    await lockSender(tx, actor.uid)
    const optedOut = (await optedOutAmong(tx, 'sms', [input.phoneNumber])).size > 0
    if (!optedOut) refuseOverLimit('sms', await countSentLastHour(tx, actor.uid, 'sms'), 1)
    const messageId = await insertUserMessage(tx, { senderId: actor.uid, listingId: property?.id ?? null, channel: 'sms', subject: null, body: input.message })
    const outbox = optedOut ? null : await enqueueSms(tx, 'user-message', sms, { to: input.phoneNumber, locale })
    await insertRecipients(tx, [{ messageId, senderId: actor.uid, channel: 'sms', recipient: input.phoneNumber, outboxMessageId: outbox?.id ?? null, status: optedOut ? 'opted-out' : 'queued' }])
    return outbox
  })
  if (!outcome) return { status: 'opted-out' }
  return { status: await waitForFirstTry(db, outcome.id) }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitForFirstTry(db: Db, outboxId: string): Promise<SendSmsStatus> {
  // Without a worker in this process nothing will try it while we wait (tests, tools).
  if (outboxWorkersRunning() === 0) return 'pending'
  awaited.add(outboxId)
  try {
    const until = Date.now() + SMS_WAIT_MS
    while (Date.now() < until && (await outboxStatus(db, outboxId)) === 'pending') await pause(SMS_POLL_MS)
  } finally {
    awaited.delete(outboxId)
  }
  // Read once more after leaving `awaited`: a failure the listener saw while we waited is failed here.
  const status = await outboxStatus(db, outboxId)
  if (status === 'failed') {
    await claimFailure(db, outboxId)
    return 'failed'
  }
  return status === 'sent' ? 'sent' : 'pending'
}

/**
 * The outbox's failure listener: a message a user sent that failed for good, and whose failure no
 * waiting request tells, becomes a 'message.failed' notification (no email) and a live event.
 */
export async function tellMessageFailed(db: Db, message: { id: string; kind: string }): Promise<void> {
  if (!message.kind.startsWith('user-message.')) return
  if (awaited.has(message.id)) {
    await claimFailure(db, message.id)
    return
  }
  await db.transaction(async (tx) => {
    for (const failure of await claimFailure(tx, message.id)) {
      await notify(tx, { userId: failure.senderId, type: 'message.failed', listingId: failure.listingId, data: { channel: failure.channel, recipient: failure.recipient }, email: null })
      await publishEvent(tx, { recipients: [failure.senderId], type: 'message.outcome', data: { messageId: failure.messageId, channel: failure.channel, status: 'failed' } })
    }
  })
}
