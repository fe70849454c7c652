import type { TimelineItem } from '@offerbook/domain/contract-timeline'
import { contractTimeline } from '@offerbook/domain/contract-timeline'
import type { ContractSide, TimelineReminder } from '@offerbook/domain/contract-timeline-reminders'
import { REMINDED_SIDES, TOLD_OF_MISSED, dueReminders, textSendTime } from '@offerbook/domain/contract-timeline-reminders'
import type { MessageKey } from '@offerbook/domain/messages'
import { formatZonedDateTime, propertyTimeZone } from '@offerbook/domain/property-time'
import type { Language } from '@offerbook/domain/user'
import { LanguageSchema } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import { recordedTimelines } from '../contract-notices/timeline-records'
import type { JobDefinition, JobLog } from '../jobs/job-runner'
import type { TimelineReminderData } from '../messaging/emails/timeline-reminder'
import { absoluteUrl } from '../messaging/emails/layout'
import type { RenderedOutboxEmail, RenderedOutboxSms } from '../messaging/messaging.service'
import { enqueueRenderedMessages, renderedEmail, renderedSms } from '../messaging/messaging.service'
import type { Notify } from '../notifications/notifications.service'
import { notifyAll } from '../notifications/notifications.service'
import type { OfferEventInput } from '../offers/offer-rows.service'
import { insertOfferEvents } from '../offers/offer-rows.service'
import { buyerOfferPath, sellerOfferPath } from '../offers/offers-notify'
import type { TimelineDueHook } from '../webhooks/webhooks.enqueue'
import { enqueueWebhooksForTimelineDue } from '../webhooks/webhooks.enqueue'
import { TIMELINE_OWNER_WORDS, timelineText } from './calendar-words'
import type { BoundContractRow, ReminderKey, ReminderPersonRow } from './timeline-reminders.queries'
import { claimReminders, findReminderPeople, listBoundContracts, reminderKeyOf, smsOptedOut } from './timeline-reminders.queries'

/**
 * The contract timeline's nudges (issue #34 item 3, decision 064). A run reads every bound open
 * contract in one query, counts each timeline in memory (contractTimeline, in the property's zone),
 * and asks dueReminders which reminder each item is in the window of. Each reminder is claimed by a
 * row in timeline_reminder (offer, item, due instant, reminder) in the transaction of its outbox
 * messages and its offer-record entry: a reminder some run or process already sent is not claimed,
 * so it is never sent twice.
 * - 48h and 24h: to the owner's side (REMINDED_SIDES): email, and a text to a verified phone that has
 *   not replied STOP, held to the day hours of the property's zone (textSendTime).
 * - missed: to the other side's agent (TOLD_OF_MISSED): a notification and its email.
 */

export type ReminderContext = { publicUrl: string }
export type ReminderRun = { contracts: number; reminders: number; emails: number; texts: number }

/** How many reminders one transaction claims and sends. */
const CHUNK = 500

const languageOf = (value: string): Language => LanguageSchema.catch('en-us').parse(value)

type Due = { contract: BoundContractRow; item: TimelineItem & { due: string }; reminder: TimelineReminder; zone: string }

/** The accounts of one side: the buyer side's account; the seller side's owner and listing agent as the listing's notify settings ask. */
function sideAccounts(contract: BoundContractRow, side: ContractSide): string[] {
  if (side === 'buyer') return [contract.buyerId]
  const ids = [contract.notify?.owner !== false ? contract.ownerId : null, contract.notify?.listAgent !== false ? contract.listAgentUserId : null]
  return ids.filter((id): id is string => id !== null)
}

/** One side's agent: the account that made the offer; the listing agent (the owner when there is none). */
function sideAgent(contract: BoundContractRow, side: ContractSide): string {
  return side === 'buyer' ? contract.buyerId : (contract.listAgentUserId ?? contract.ownerId)
}

const pathOf = (contract: BoundContractRow, side: ContractSide) => (side === 'buyer' ? buyerOfferPath(contract) : sellerOfferPath(contract))

function wordsFor(due: Due, locale: Language, side: ContractSide): TimelineReminderData {
  return {
    reminder: due.reminder,
    title: timelineText(locale, { key: due.item.title as MessageKey }),
    address: due.contract.address || due.contract.listingId,
    due: formatZonedDateTime(new Date(due.item.due), due.zone, locale),
    ifNothing: timelineText(locale, due.item.ifNothing),
    owner: TIMELINE_OWNER_WORDS[locale][due.item.owner],
    path: pathOf(due.contract, side),
  }
}

/** The reminders a run at `now` owes, over every bound open contract. */
async function findDue(db: Db, now: Date, log: Pick<JobLog, 'warn'> | null): Promise<{ contracts: number; due: Due[] }> {
  const contracts = await listBoundContracts(db)
  // What the completed notices recorded (decision 065): events that date periods, items done or waived.
  const recorded = await recordedTimelines(
    db,
    contracts.map((contract) => contract.id),
  )
  const due: Due[] = []
  for (const contract of contracts) {
    const zone = propertyTimeZone(contract.county)
    const { events, outcomes } = recorded(contract.id)
    let items: TimelineItem[]
    try {
      items = contractTimeline(contract.terms, contract.bindingAgreementAt, { zone, events }).items
    } catch (error) {
      log?.warn({ offerId: contract.id, err: error }, 'the contract timeline of this offer could not be counted; it gets no reminders')
      continue
    }
    for (const { item, reminder } of dueReminders(items, now, events, outcomes)) if (item.due !== null) due.push({ contract, item: { ...item, due: item.due }, reminder, zone })
  }
  return { contracts: contracts.length, due }
}

/** What one chunk writes, gathered before its few inserts. */
type Writes = { emails: RenderedOutboxEmail[]; texts: RenderedOutboxSms[]; notices: Notify[]; entries: OfferEventInput[]; hooks: TimelineDueHook[] }

/** Sends the reminders a run at `now` owes and has not sent; returns what it did. */
export async function sendTimelineReminders(db: Db, ctx: ReminderContext, { now = new Date(), log = null }: { now?: Date; log?: Pick<JobLog, 'warn'> | null } = {}): Promise<ReminderRun> {
  const { contracts, due } = await findDue(db, now, log)
  const run: ReminderRun = { contracts, reminders: 0, emails: 0, texts: 0 }
  for (let start = 0; start < due.length; start += CHUNK) {
    const chunk = due.slice(start, start + CHUNK)
    await db.transaction(async (tx) => {
      const claimed = new Set((await claimReminders(tx, chunk.map(keyOf), now)).map(reminderKeyOf))
      if (claimed.size === 0) return
      // In the order the timeline lists them, so that one contract's entries read in date order.
      const sending = chunk.filter((entry) => claimed.has(reminderKeyOf(keyOf(entry))))
      const people = new Map((await findReminderPeople(tx, sending.flatMap(recipientsOf))).map((person) => [person.id, person]))
      const optedOut = await smsOptedOut(
        tx,
        [...people.values()].flatMap((person) => (canText(person) && person.phone ? [person.phone] : [])),
      )
      const writes: Writes = { emails: [], texts: [], notices: [], entries: [], hooks: [] }
      for (const entry of sending) {
        if (entry.reminder === 'missed') tellMissed(ctx, entry, people, now, writes)
        else remind(ctx, entry, people, optedOut, now, writes)
      }
      await enqueueRenderedMessages(tx, { emails: writes.emails, texts: writes.texts })
      await notifyAll(tx, writes.notices)
      await insertOfferEvents(tx, writes.entries)
      await enqueueWebhooksForTimelineDue(tx, writes.hooks, now)
      run.reminders += sending.length
      run.emails += writes.emails.length + writes.notices.length
      run.texts += writes.texts.length
    })
  }
  return run
}

const keyOf = ({ contract, item, reminder }: Due): ReminderKey => ({ offerId: contract.id, kind: item.kind, due: new Date(item.due), reminder })

function recipientsOf(entry: Due): string[] {
  const sides = entry.reminder === 'missed' ? TOLD_OF_MISSED[entry.item.owner] : REMINDED_SIDES[entry.item.owner]
  return entry.reminder === 'missed' ? sides.map((side) => sideAgent(entry.contract, side)) : sides.flatMap((side) => sideAccounts(entry.contract, side))
}

/** A verified phone: proven by an SMS code, which is how a user asks for texts here. */
const canText = (person: ReminderPersonRow): boolean => person.phone !== null && person.phone !== '' && person.phoneVerified

function ledgerEntry(entry: Due, sides: readonly ContractSide[], now: Date, counts: Record<string, number>): OfferEventInput {
  return {
    offerId: entry.contract.id,
    type: entry.reminder === 'missed' ? 'timeline-missed' : 'timeline-reminder',
    actorId: null,
    actorName: null,
    fromStatus: null,
    toStatus: null,
    at: now,
    details: { item: entry.item.kind, date: entry.item.date, due: entry.item.due, owner: entry.item.owner, reminder: entry.reminder, sides: [...sides], ...counts },
  }
}

/** A text held to the day hours of the property's zone waits in the outbox until then; in the day it leaves at once. */
function heldUntil(now: Date, zone: string): { notBefore?: Date } {
  const at = textSendTime(now, zone)
  return at.getTime() > now.getTime() ? { notBefore: at } : {}
}

/** The owner's side is reminded: each account by email in their language, and by text when they can be texted. */
function remind(ctx: ReminderContext, entry: Due, people: Map<string, ReminderPersonRow>, optedOut: Set<string>, now: Date, writes: Writes): void {
  const sides = REMINDED_SIDES[entry.item.owner]
  const seen = new Set<string>()
  let emails = 0
  let texts = 0
  for (const side of sides) {
    for (const id of sideAccounts(entry.contract, side)) {
      const person = people.get(id)
      if (!person || seen.has(id)) continue
      seen.add(id)
      const locale = languageOf(person.language)
      const data = wordsFor(entry, locale, side)
      writes.emails.push(renderedEmail('timeline-reminder', data, { to: person.email, locale, publicUrl: ctx.publicUrl }))
      emails += 1
      if (canText(person) && person.phone && !optedOut.has(person.phone)) {
        const hours = entry.reminder === '48h' ? 48 : 24
        writes.texts.push(renderedSms('timeline-reminder', { hours, title: data.title, address: data.address, due: data.due, url: absoluteUrl(ctx.publicUrl, data.path) }, { to: person.phone, locale, ...heldUntil(now, entry.zone) }))
        texts += 1
      }
    }
  }
  writes.entries.push(ledgerEntry(entry, sides, now, { emails, texts }))
  // The same reminder, to the reminded accounts' webhook endpoints that want `timeline.due` (decision 079).
  if (seen.size > 0) writes.hooks.push({ offerId: entry.contract.id, listingId: entry.contract.listingId, item: entry.item.kind, due: entry.item.due, userIds: [...seen] })
}

/** A missed item: the other side's agent gets a notification and its email. */
function tellMissed(ctx: ReminderContext, entry: Due, people: Map<string, ReminderPersonRow>, now: Date, writes: Writes): void {
  const sides = TOLD_OF_MISSED[entry.item.owner]
  const { contract } = entry
  const seen = new Set<string>()
  let emails = 0
  for (const side of sides) {
    const id = sideAgent(contract, side)
    const person = people.get(id)
    if (!person || seen.has(id)) continue
    seen.add(id)
    const locale = languageOf(person.language)
    writes.notices.push({
      userId: person.id,
      type: 'offer.timeline-missed',
      offerId: contract.id,
      listingId: contract.listingId,
      data: { address: contract.address || contract.listingId, side, offerId: contract.id, listingId: contract.listingId, item: entry.item.kind },
      email: { to: person.email, locale, publicUrl: ctx.publicUrl, message: { name: 'timeline-reminder', data: wordsFor(entry, locale, side) } },
      at: now,
    })
    emails += 1
  }
  writes.entries.push(ledgerEntry(entry, sides, now, { emails }))
}

/** The reminders as an entry of the job runner (decision 045): at start, then 5 minutes after each run ends; one process at a time. */
export function timelineRemindersJob({ db, log, publicUrl, everyMs = 5 * 60_000 }: { db: Db; log: JobLog; publicUrl: string; everyMs?: number }): JobDefinition<ReminderRun> {
  return {
    name: 'timeline-reminders',
    kind: 'schedule',
    everyMs,
    runAtStart: true,
    async run() {
      const run = await sendTimelineReminders(db, { publicUrl }, { log })
      if (run.reminders > 0) log.info(run, 'contract timeline reminders sent')
      return run
    },
  }
}
