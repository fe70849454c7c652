import type { OfferTerms } from '@offerbook/domain/offer'
import { tennesseeDate } from '@offerbook/domain/offer'
import { formatZonedDateTime, propertyTimeZone } from '@offerbook/domain/property-time'
import { formatUsd } from '@offerbook/domain/money'
import type { Language } from '@offerbook/domain/user'
import { LanguageSchema } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import { enqueueEmail } from '../messaging/messaging.service'
import type { OfferNoticeEvent } from '../messaging/emails/offer-notice'
import { notify } from '../notifications/notifications.service'
import type { OfferListingRow, OfferRow, PersonRow } from './offers.queries'
import { findPeople } from './offers.queries'
import { offerPagePath } from './offers-access'

/**
 * Telling the other side of an offer what happened (issue #6 part 8): a notification row and an
 * email for each account on that side, in the transaction of the change. The words are the same for
 * everybody told about one change; only the language follows each reader.
 */

export type NoticeContext = { publicUrl: string; at: Date }
/** `note`: the sender's own words (a counter-offer's or a highest-and-best request's message); `date`: the date the notice names; `price`: the sum it names (a closing's final price). */
export type Notice = { row: OfferRow; listing: OfferListingRow; event: OfferNoticeEvent; actorName: string | null; path?: string; note?: string | null; date?: string | null; price?: number | null; title?: string | null }

export const buyerOfferPath = (row: Pick<OfferRow, 'id'>) => `/submitted-offers/update/${row.id}`
export const sellerOfferPath = (row: Pick<OfferRow, 'id' | 'listingId'>) => `/my-properties/${row.listingId}/offers/${row.id}`

const languageOf = (value: string): Language => LanguageSchema.catch('en-us').parse(value)
const sameEmail = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase()

function addressOf(listing: OfferListingRow): string {
  return listing.unparsedAddress || listing.id
}

async function tell(tx: Db, ctx: NoticeContext, person: PersonRow, notice: Notice, side: 'buyer' | 'seller', path: string, { email = true }: { email?: boolean } = {}): Promise<void> {
  const locale = languageOf(person.language)
  const data = {
    event: notice.event,
    address: addressOf(notice.listing),
    actorName: notice.actorName,
    date: notice.date ?? (notice.row.bindingAgreementAt ? tennesseeDate(notice.row.bindingAgreementAt) : null),
    note: notice.note ?? null,
    price: notice.price ?? null,
    title: notice.title ?? null,
    path,
  }
  await notify(tx, {
    userId: person.id,
    type: `offer.${notice.event}`,
    offerId: notice.row.id,
    listingId: notice.row.listingId,
    data: { address: addressOf(notice.listing), price: notice.price ?? notice.row.purchasePrice, side, offerId: notice.row.id, listingId: notice.row.listingId },
    email: email ? { to: person.email, locale, publicUrl: ctx.publicUrl, message: { name: 'offer-notice', data } } : null,
    at: ctx.at,
  })
}

/** The buyer side: the account that made the offer. */
export async function notifyBuyerSide(tx: Db, ctx: NoticeContext, notice: Notice): Promise<void> {
  const [buyer] = await findPeople(tx, [notice.row.buyerId])
  if (buyer) await tell(tx, ctx, buyer, notice, 'buyer', notice.path ?? buyerOfferPath(notice.row))
}

/**
 * The seller side: the owner and the listing agent's account as the listing's notify settings ask,
 * and the extra addresses there (email only). `emailedAlready` has had its email (the share link).
 */
export async function notifySellerSide(tx: Db, ctx: NoticeContext, notice: Notice, { emailedAlready }: { emailedAlready?: string } = {}): Promise<void> {
  const { listing } = notice
  const ids = [listing.notify.owner ? listing.ownerId : null, listing.notify.listAgent ? listing.listAgentUserId : null].filter((id): id is string => id !== null)
  const people = await findPeople(tx, ids)
  const path = sellerOfferPath(notice.row)
  for (const person of people) await tell(tx, ctx, person, notice, 'seller', path, { email: !sameEmail(person.email, emailedAlready) })
  const accountEmails = people.map((person) => person.email)
  for (const address of new Set(listing.notify.emails.map((item) => item.trim().toLowerCase()))) {
    if (accountEmails.some((email) => sameEmail(email, address)) || sameEmail(address, emailedAlready)) continue
    const data = { event: notice.event, address: addressOf(listing), actorName: notice.actorName, date: notice.date ?? null, note: notice.note ?? null, price: notice.price ?? null, title: notice.title ?? null, path }
    await enqueueEmail(tx, 'offer-notice', data, { to: address, locale: 'en-us', publicUrl: ctx.publicUrl })
  }
}

/** The share link's email to the listing agent named on the offer, in their account's language when they have one here. */
export async function sendShareLink(tx: Db, ctx: NoticeContext, { row, listing, terms, token }: { row: OfferRow; listing: OfferListingRow; terms: OfferTerms; token: string }): Promise<void> {
  const to = terms.listingAgent.email.trim()
  const [agent] = listing.listAgentUserId ? await findPeople(tx, [listing.listAgentUserId]) : []
  const locale = agent && sameEmail(agent.email, to) ? languageOf(agent.language) : 'en-us'
  const numberLocale = locale === 'es-es' ? 'es-ES' : 'en-US'
  await enqueueEmail(
    tx,
    'offer-shared',
    {
      address: addressOf(listing),
      price: terms.purchasePrice === null ? '-' : formatUsd(terms.purchasePrice, numberLocale),
      buyerNames: terms.buyers
        .map((buyer) => buyer.fullName.trim())
        .filter(Boolean)
        .join(', '),
      // In the property's time zone, named, and in the reader's language (issue #28).
      expiresAt: terms.expiresAt ? formatZonedDateTime(new Date(terms.expiresAt), propertyTimeZone(listing.countyOrParish), locale) : null,
      path: `${offerPagePath(row)}?token=${encodeURIComponent(token)}`,
    },
    { to, locale, publicUrl: ctx.publicUrl },
  )
}
