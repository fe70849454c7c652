import { createHash, randomBytes } from 'node:crypto'
import type { EventAttributes } from 'ics'
import { createEvents } from 'ics'
import { addCalendarDays } from '@offerbook/domain/offer'
import type { TimelineEvents, TimelineItem, TimelineKind, TimelineOwner } from '@offerbook/domain/contract-timeline'
import { contractTimeline } from '@offerbook/domain/contract-timeline'
import type { MessageKey } from '@offerbook/domain/messages'
import type { OfferTerms } from '@offerbook/domain/offer'
import { formatZonedDateTime, propertyTimeZone } from '@offerbook/domain/property-time'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { managedListingsCondition } from '../listings/listings.service'
import { isOfferId, termsOf } from '../offers/offers-access'
import { managesListing } from '../listings/listings.service'
import { fileNotFound } from './transaction-file'
import { TIMELINE_OWNER_WORDS, timelineText } from './calendar-words'
import { deleteFeed, findCalendarOffer, findFeed, findFeedOwner, listFeedOffers, upsertFeed } from './calendar.queries'
import { recordedTimelines } from '../contract-notices/timeline-records'

/**
 * Deadlines in the calendar (issue #18, decision 030): an offer's expiration, and the dates that
 * follow from its Binding Agreement Date, as iCalendar. One file per offer, and a private feed per
 * user at /api/calendar/<token>.ics that a calendar app follows without a session. Only the token's
 * SHA-256 is kept; regenerating replaces it and revoking deletes it, after which the URL answers 404.
 *
 * A timed entry (the expiration) is written in UTC, the exact instant every calendar app places right;
 * its title and description name it in the property's zone. The contract dates are whole days
 * (VALUE=DATE): a date in the contract is the same date wherever the reader is.
 *
 * Once binding, every dated item of the contract timeline is an entry (issue #34), with its owner and
 * what happens if nobody acts, and a display alarm 48 hours before its deadline ends, 11:59 PM of its
 * last day in the property's zone (decision 063): an absolute trigger in UTC, computed from the item's
 * `due`. A relative trigger could not say it: an all-day entry's start and end are floating dates, read
 * in the reader's zone, so -PT48H from the start rang 72 hours early, and RELATED=END a minute late
 * and in the reader's zone rather than the property's.
 */

export const calendarNotFound = () => new AppError('NOT_FOUND', 'calendar.notFound')

const OPEN_STATUSES = ['active', 'backup', 'accepted'] as const

type CalendarOffer = { id: string; status: string; terms: OfferTerms; bindingAgreementAt: Date | null; address: string | null; county: string | null; listingId: string }

/** The page an entry opens: the offer as the reader's side works on it. */
function offerPagePath(row: Pick<CalendarOffer, 'id' | 'listingId'>, side: 'buyer' | 'seller'): string {
  return side === 'seller' ? `/my-properties/${encodeURIComponent(row.listingId)}/offers/${encodeURIComponent(row.id)}` : `/submitted-offers/update/${encodeURIComponent(row.id)}`
}

type Words = {
  expires: string
  binding: string
  calendar: string
  owners: Record<TimelineOwner, string>
  owner: (who: string) => string
  ifNothing: string
  soon: (title: string) => string
  at: (time: string) => string
}
const WORDS: Record<'en-us' | 'es-es', Words> = {
  'en-us': {
    expires: 'Offer expires',
    binding: 'Binding Agreement Date',
    calendar: 'Offerbook deadlines',
    owners: TIMELINE_OWNER_WORDS['en-us'],
    owner: (who) => `Owner: ${who}.`,
    ifNothing: 'If nothing is done:',
    soon: (title) => `In 2 days: ${title}`,
    at: (time) => `The offer expires ${time}, in the property's time zone.`,
  },
  'es-es': {
    expires: 'Vence la oferta',
    binding: 'Fecha del acuerdo vinculante',
    calendar: 'Plazos de Offerbook',
    owners: TIMELINE_OWNER_WORDS['es-es'],
    owner: (who) => `Responsable: ${who}.`,
    ifNothing: 'Si no se hace nada:',
    soon: (title) => `Dentro de 2 días: ${title}`,
    at: (time) => `La oferta vence el ${time}, en la zona horaria de la propiedad.`,
  },
}

/** The uids the first calendar gave these items (issue #18), kept so that a subscribed calendar updates them rather than adding new ones. */
const FIRST_UIDS: Partial<Record<TimelineKind, string>> = { earnestMoney: 'earnest-money', inspectionPeriod: 'inspection', closing: 'closing', possession: 'possession' }
const uidPart = (kind: TimelineKind) => FIRST_UIDS[kind] ?? kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

const escapeText = (text: string) => text.replace(/[\\;,]/g, (char) => `\\${char}`)

/** How long before an item the calendar app reminds its reader (issue #34). */
export const ALARM_HOURS = 48

/** When an item's alarm rings: ALARM_HOURS before its deadline (`due`, the end of its last day in the property's zone), as a UTC instant. */
export const alarmInstant = (due: string): number => Date.parse(due) - ALARM_HOURS * 3_600_000

const wordsFor = (language: string): Words => WORDS[language === 'es-es' ? 'es-es' : 'en-us']
const dayArray = (isoDate: string): [number, number, number] => isoDate.split('-').map(Number) as [number, number, number]

/** The calendar entries of one offer, in the reader's language, each linking to the offer's page on the reader's side. */
export function offerCalendarEvents(row: CalendarOffer, language: string, publicUrl: string, side: 'buyer' | 'seller', recorded: TimelineEvents = {}): EventAttributes[] {
  const words = wordsFor(language)
  const zone = propertyTimeZone(row.county)
  const place = row.address ?? ''
  const url = new URL(offerPagePath(row, side), `${publicUrl.replace(/\/+$/, '')}/`).toString()
  const events: EventAttributes[] = []
  const day = (kind: string, title: string, date: string, more: Partial<EventAttributes> = {}) =>
    events.push({ uid: `${row.id}-${kind}@offerbook`, title: `${title}: ${place}`, location: place, start: dayArray(date), end: dayArray(addCalendarDays(date, 1)), url, productId: 'offerbook/deadlines', ...more } as EventAttributes)
  const timelineEvent = (item: TimelineItem, date: string) => {
    const title = timelineText(language, { key: item.title as MessageKey })
    day(uidPart(item.kind), title, date, {
      description: `${words.owner(words.owners[item.owner])}\n${words.ifNothing} ${timelineText(language, item.ifNothing)}`,
      // The library escapes an event's text but not an alarm's: commas and semicolons are escaped here (RFC 5545, 3.3.11).
      ...(item.due ? { alarms: [{ action: 'display', description: escapeText(`${words.soon(title)}: ${place}`), trigger: alarmInstant(item.due) }] } : {}),
    })
  }
  if (row.terms.expiresAt && (row.status === 'active' || row.status === 'backup' || row.status === 'draft')) {
    const at = new Date(row.terms.expiresAt)
    events.push({
      uid: `${row.id}-expires@offerbook`,
      title: `${words.expires}: ${place}`,
      description: words.at(formatZonedDateTime(at, zone, language)),
      location: place,
      start: at.getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { minutes: 30 },
      url,
      productId: 'offerbook/deadlines',
    })
  }
  if (row.bindingAgreementAt) {
    // Every item of the contract timeline (decision 060) that has a date, each with an alarm 48 hours
    // before its deadline (TRIGGER;VALUE=DATE-TIME in UTC, RFC 5545 3.8.6.3).
    // Dated by the events the completed notices recorded (decision 065), as the Timeline section is.
    const timeline = contractTimeline(row.terms, row.bindingAgreementAt, { zone, events: recorded })
    day('binding', words.binding, timeline.bindingAgreementDate)
    for (const item of timeline.items) if (item.date) timelineEvent(item, item.date)
  }
  return events
}

export function toIcs(events: EventAttributes[], language: string): string {
  const { error, value } = createEvents(events, { calName: wordsFor(language).calendar, productId: 'offerbook/deadlines' })
  if (error || value === null) throw error ?? new Error('the calendar could not be written')
  return value
}

/** One offer's calendar, for its parties (its buyer side; its listing's seller side once shared). */
export async function offerCalendar(db: Db, { viewer, offerId, publicUrl }: { viewer: User; offerId: string; publicUrl: string }): Promise<string> {
  if (!isOfferId(offerId)) throw fileNotFound()
  const row = await findCalendarOffer(db, offerId.toLowerCase())
  if (!row) throw fileNotFound()
  if (row.buyerId !== viewer.uid && !(row.status !== 'draft' && (await managesListing(db, viewer, row.listingId)))) throw fileNotFound()
  const recorded = (await recordedTimelines(db, [row.id]))(row.id)
  return toIcs(offerCalendarEvents({ ...row, terms: termsOf(row) }, viewer.language, publicUrl, row.buyerId === viewer.uid ? 'buyer' : 'seller', recorded.events), viewer.language)
}

// ---------------------------------------------------------------------------------------------
// The private feed

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/

export function feedUrl(publicUrl: string, token: string): string {
  return new URL(`/api/calendar/${token}.ics`, `${publicUrl.replace(/\/+$/, '')}/`).toString()
}

export async function getFeed(db: Db, viewer: User): Promise<{ active: boolean; createdAt: string | null }> {
  const row = await findFeed(db, viewer.uid)
  return { active: row !== undefined, createdAt: row?.createdAt.toISOString() ?? null }
}

/** A new token for the user's feed; the previous one, if any, stops working. The URL is shown once. */
export async function regenerateFeed(db: Db, viewer: User, publicUrl: string, now = new Date()): Promise<{ url: string; createdAt: string }> {
  const token = randomBytes(32).toString('base64url')
  await upsertFeed(db, { userId: viewer.uid, tokenHash: hashToken(token), createdAt: now })
  return { url: feedUrl(publicUrl, token), createdAt: now.toISOString() }
}

export async function revokeFeed(db: Db, viewer: User): Promise<void> {
  await deleteFeed(db, viewer.uid)
}

/** The feed behind a token: every open offer of the user's, on either side. An unknown or revoked token: 404. */
export async function feedCalendar(db: Db, { file, publicUrl }: { file: string; publicUrl: string }): Promise<string> {
  const match = FEED_FILE.exec(file)
  if (!match?.[1]) throw calendarNotFound()
  const owner = await findFeedOwner(db, hashToken(match[1]))
  if (!owner) throw calendarNotFound()
  const rows = await listFeedOffers(db, { buyerId: owner.id, managed: await managedListingsCondition(db, owner.id), statuses: [...OPEN_STATUSES] })
  const recorded = await recordedTimelines(db, rows.map((row) => row.id))
  const events = rows.flatMap((row) => offerCalendarEvents({ ...row, terms: termsOf(row) }, owner.language, publicUrl, row.buyerId === owner.id ? 'buyer' : 'seller', recorded(row.id).events))
  return toIcs(events, owner.language)
}
