import { SIGNING_LIMITS } from '@offerbook/domain/signing'
import { signerPagePath } from '@offerbook/domain/signing-rules'
import type { Language } from '@offerbook/domain/user'
import { LanguageSchema } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import { enqueueEmail, enqueueSms } from '../messaging/messaging.service'
import type { SigningNotice, SigningNoticeEvent } from '../messaging/emails/signing-notice'
import { absoluteUrl } from '../messaging/emails/layout'
import { listingOf } from '../offers/offers.service'
import { buyerOfferPath, sellerOfferPath } from '../offers/offers-notify'
import type { OfferRow } from '../offers/offers.service'
import type { PacketRow, SignerRow } from './signing.queries'
import { findUsersByIds, updateSigner } from './signing.queries'
import { newSignerToken } from './signing-events'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/**
 * What the signers and the parties are told (issue #12): the invitation with the signer's own link
 * (email, and SMS with a phone), reminders, and how the packet ended. All of it goes to the outbox
 * in the transaction of the change.
 */

export type NotifyContext = { publicUrl: string }

export const languageOf = (value: string): Language => LanguageSchema.catch('en-us').parse(value)

const DATE_FORMATS: Record<Language, Intl.DateTimeFormat> = {
  'en-us': dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' }),
  'es-es': dateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' }),
}

const formatWhen = (date: Date | null, locale: Language) => (date ? `${DATE_FORMATS[locale].format(date)} (${locale === 'es-es' ? 'hora central' : 'Central time'})` : null)

/** Where a packet is: its property's address. */
export async function packetAddress(db: Db, offer: Pick<OfferRow, 'listingId'>): Promise<string> {
  const listing = await listingOf(db, offer)
  return listing.unparsedAddress || listing.id
}

/**
 * Gives the signer a new link and sends it: the invitation, or a reminder. Only the new token's hash
 * is kept, so a reminder's link replaces the earlier one.
 */
export async function sendSignerLink(tx: Db, ctx: NotifyContext, { packet, signer, address, at, reminder }: { packet: PacketRow; signer: SignerRow; address: string; at: Date; reminder: boolean }): Promise<SignerRow> {
  const { token, hash } = newSignerToken()
  const locale = languageOf(signer.locale)
  const path = signerPagePath({ kind: packet.kind as 'offer' | 'form', id: packet.id, offerId: packet.offerId }, signer.id, token)
  const notice: SigningNotice = {
    event: reminder ? 'reminder' : 'invite',
    title: packet.title,
    address,
    senderName: packet.createdByName,
    message: packet.message || null,
    expiresAt: formatWhen(packet.expiresAt, locale),
    path,
  }
  await enqueueEmail(tx, 'signing-notice', notice, { to: signer.email, locale, publicUrl: ctx.publicUrl })
  if (signer.phone) {
    await enqueueSms(tx, 'signing-link', { title: packet.title, senderName: packet.createdByName, url: absoluteUrl(ctx.publicUrl, path), reminder }, { to: signer.phone, locale })
  }
  return updateSigner(tx, signer.id, reminder ? { tokenHash: hash, lastRemindedAt: at } : { tokenHash: hash, invitedAt: at })
}

export async function sendSigningCode(tx: Db, { signer, code }: { signer: SignerRow; code: string }): Promise<void> {
  if (!signer.phone) return
  const locale = languageOf(signer.locale)
  await enqueueSms(tx, 'signing-code', { code, minutes: SIGNING_LIMITS.codeMinutes }, { to: signer.phone, locale })
}

type Recipient = { email: string; locale: Language; path: string }

/** The parties of the offer with an account: its buyer side and its listing's owner and listing agent, each with their page of the offer. */
async function partyRecipients(tx: Db, offer: OfferRow): Promise<Recipient[]> {
  const listing = await listingOf(tx, offer)
  const sellerIds = [listing.ownerId, listing.listAgentUserId].filter((id): id is string => id !== null && id !== offer.buyerId)
  const people = await findUsersByIds(tx, [offer.buyerId, ...sellerIds])
  return people.map((person) => ({ email: person.email, locale: languageOf(person.language), path: person.id === offer.buyerId ? buyerOfferPath(offer) : sellerOfferPath(offer) }))
}

/**
 * Tells the parties of the offer and the signers how the packet ended (declined, voided, expired,
 * completed), once per address. A signer who is not also a party gets a fresh link to their own
 * page (for completed: where the signed PDF downloads).
 */
export async function tellEveryone(
  tx: Db,
  ctx: NotifyContext,
  { packet, offer, signers, event, address, signerName = null, reason = null }: { packet: PacketRow; offer: OfferRow; signers: SignerRow[]; event: Extract<SigningNoticeEvent, 'declined' | 'voided' | 'expired' | 'completed'>; address: string; signerName?: string | null; reason?: string | null },
): Promise<void> {
  const told = new Set<string>()
  const send = async (recipient: Recipient) => {
    const key = recipient.email.trim().toLowerCase()
    if (told.has(key)) return
    told.add(key)
    const notice: SigningNotice = { event, title: packet.title, address, senderName: packet.createdByName, signerName, reason, path: recipient.path }
    await enqueueEmail(tx, 'signing-notice', notice, { to: recipient.email, locale: recipient.locale, publicUrl: ctx.publicUrl })
  }
  for (const party of await partyRecipients(tx, offer)) await send(party)
  for (const signer of signers) {
    // A signer never invited (later in a sequence) has nothing to be told unless the packet completed.
    if (!signer.invitedAt && event !== 'completed') continue
    if (told.has(signer.email.trim().toLowerCase())) continue
    let path = '/'
    if (event === 'completed') {
      const { token, hash } = newSignerToken()
      // The link the signer has open (the last signer's page, at its finish) still opens the completed page.
      await updateSigner(tx, signer.id, { tokenHash: hash, priorTokenHash: signer.tokenHash })
      path = signerPagePath({ kind: packet.kind as 'offer' | 'form', id: packet.id, offerId: packet.offerId }, signer.id, token)
    }
    await send({ email: signer.email, locale: languageOf(signer.locale), path })
  }
}
