import type { ContractNotices, DraftNotice, NoticeSide, NoticeType, NoticeView } from '@offerbook/domain/contract-notices'
import { noticeItem, noticeProblem, noticeRecords, terminationGroundsFor } from '@offerbook/domain/contract-notices'
import type { TimelineKind } from '@offerbook/domain/contract-timeline'
import type { ContractTimelineView } from '@offerbook/domain/contract-timeline-view'
import { contractTimelineView } from '@offerbook/domain/contract-timeline-view'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import { dateInZone, formatZonedDateTime, propertyTimeZone } from '@offerbook/domain/property-time'
import type { SignerInput, SignerRole } from '@offerbook/domain/signing'
import type { User } from '@offerbook/domain/user'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import { termsOf } from '../offers/offers-access'
import { notifyBuyerSide, notifySellerSide } from '../offers/offers-notify'
import type { OfferRow } from '../offers/offers.service'
import { listingOf, offerById, recordEvent } from '../offers/offers.service'
import { terminateByNotice } from '../offers/offers-answers.service'
import { getUser } from '../users/users.service'
import type { Party } from '../signing/signing-access'
import { effectiveStatus, partyOfOffer } from '../signing/signing-access'
import type { RequestInfo, SigningContext } from '../signing/signing.service'
import { sendDocumentPacket } from '../signing/signing-send.service'
import { suggestedSigners } from '../signing/signing.service'
import { renderNoticePdf } from './notice-pdf'
import type { NoticeRow } from './notices.queries'
import { findNoticeOfPacket, insertNotice, insertTimelineRecords, listNoticesInPacketStatus, listOfferNotices, markNoticeDelivered } from './notices.queries'
import { recordedTimelines } from './timeline-records'

/**
 * Notices of a contract (issue #34 items 4 and 5, decision 065): drafted from a timeline item by its
 * own side, rendered as our own document, sent as a 'notice' signing packet to that side's signers
 * only; delivered to the other side when the packet completes, which records its effect on the
 * timeline. A termination ends the contract, puts the listing back on the market and tells the
 * back-up offers' buyer sides.
 */

const ROLE_OF_SIDE: Readonly<Record<NoticeSide, readonly SignerRole[]>> = { buyer: ['buyer', 'buyer-agent'], seller: ['seller', 'listing-agent'] }

/** Who signs a notice for a side: the buyers and the buyer's agent the offer names, or the listing's owner and its listing agent. */
async function sideSigners(db: Db, offer: OfferRow, side: NoticeSide): Promise<SignerInput[]> {
  return (await suggestedSigners(db, offer)).filter((signer) => ROLE_OF_SIDE[side].includes(signer.role))
}

/** The contract's timeline with what its notices recorded, at `now`. */
async function timelineOf(db: Db, offer: OfferRow, zone: string, now: Date): Promise<ContractTimelineView> {
  const recorded = (await recordedTimelines(db, [offer.id]))(offer.id)
  return contractTimelineView(offer.id, termsOf(offer), offer.bindingAgreementAt, { zone, now, events: recorded.events, outcomes: recorded.outcomes })
}

/** An open packet blocks another notice for the same item (or another termination) until it completes, is voided or expires. */
async function refuseInFlight(tx: Db, offer: OfferRow, notice: DraftNotice, item: TimelineKind | null, now: Date): Promise<void> {
  const open = (await listNoticesInPacketStatus(tx, { offerId: offer.id, statuses: ['sent', 'completing'] })).filter(
    (row) => row.packetStatus === 'completing' || effectiveStatus({ status: row.packetStatus, expiresAt: row.packetExpiresAt }, now) === 'sent',
  )
  if (notice.type === 'termination') {
    if (open.some((row) => row.notice.type === 'termination')) throw new AppError('CONFLICT', 'notice.terminationInFlight')
  } else if (open.some((row) => row.notice.type !== 'termination' && row.notice.item === item)) throw new AppError('CONFLICT', 'notice.inFlight')
}

/** The checks a notice passes before it is drafted, and again in the transaction that sends it. */
async function checkNotice(db: Db, party: Party, notice: DraftNotice, now: Date): Promise<{ zone: string; timeline: ContractTimelineView; item: TimelineKind | null }> {
  const { offer, side } = party
  if ((offer.status as OfferStatus) !== 'accepted' || !offer.bindingAgreementAt) throw new AppError('CONFLICT', 'notice.notBinding')
  const listing = await listingOf(db, offer)
  const zone = propertyTimeZone(listing.countyOrParish)
  const timeline = await timelineOf(db, offer, zone, now)
  const kinds = timeline.items.map((each) => each.kind)
  const problem = noticeProblem(notice, {
    side,
    kinds,
    doneOrWaived: timeline.items.filter((each) => each.state === 'done' || each.state === 'waived').map((each) => each.kind),
    purchasePrice: offer.purchasePrice,
    today: dateInZone(now, zone),
    bindingDate: timeline.bindingAgreementDate ?? dateInZone(offer.bindingAgreementAt, zone),
  })
  if (problem) {
    if (problem.status === 400) throw fieldError(problem.path, problem.key)
    throw new AppError(problem.status === 403 ? 'FORBIDDEN' : 'CONFLICT', problem.key, { errors: [{ path: problem.path, key: problem.key }] })
  }
  const item = noticeItem(notice, kinds)
  await refuseInFlight(db, offer, notice, item, now)
  return { zone, timeline, item }
}

function toNoticeView(row: NoticeRow, packet: { status: string; expiresAt: Date | null; signedFileId: string | null }, now: Date): NoticeView {
  const status = effectiveStatus({ status: packet.status, expiresAt: packet.expiresAt }, now)
  return {
    id: row.id,
    type: row.type as NoticeType,
    item: (row.item as TimelineKind | null) ?? null,
    side: row.side as NoticeSide,
    facts: row.facts,
    title: '',
    packetId: row.packetId,
    status,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    canDownload: status === 'completed' && packet.signedFileId !== null,
  }
}

/** POST /api/offers/:id/notices: drafts the notice, renders it, and sends it to its side's signers. */
export async function draftNotice(db: Db, ctx: SigningContext, { actor, offerId, notice, request = {}, now = new Date() }: { actor: User; offerId: string; notice: DraftNotice; request?: RequestInfo; now?: Date }): Promise<NoticeView> {
  const party = await partyOfOffer(db, actor, offerId)
  const { zone, timeline, item } = await checkNotice(db, party, notice, now)
  const { offer, side } = party
  const signers = await sideSigners(db, offer, side)
  if (signers.length === 0) throw new AppError('CONFLICT', 'notice.noSigners')
  const listing = await listingOf(db, offer)
  const terms = termsOf(offer)
  const owner = await getUser(db, listing.ownerId)
  const dated = item ? timeline.items.find((each) => each.kind === item) : undefined
  const rendered = await renderNoticePdf({
    notice,
    side,
    item: item ? { kind: item, date: dated?.date ?? null } : null,
    address: listing.unparsedAddress || listing.id,
    buyers: terms.buyers.map((buyer) => buyer.fullName.trim()).filter(Boolean),
    sellers: owner ? [owner.name] : [],
    contract: { offerId: offer.id, version: offer.version, form: `${terms.form.code} ${terms.form.version}`, bindingDate: timeline.bindingAgreementDate ?? dateInZone(offer.bindingAgreementAt!, zone), purchasePrice: offer.purchasePrice },
    zoneName: zone,
    signers,
    createdAt: now,
    prepared: formatZonedDateTime(now, zone, 'en-us'),
  })
  const { packet, result } = await sendDocumentPacket(db, ctx, {
    actor,
    offerId: offer.id,
    kind: 'notice',
    title: rendered.title,
    filename: `${rendered.title}.pdf`,
    pdf: rendered.pdf,
    signers,
    fields: rendered.fields,
    request,
    now,
    check: async (tx, locked) => {
      if (locked.side !== side) throw new AppError('FORBIDDEN', 'notice.notYourSide')
      await checkNotice(tx, locked, notice, now)
    },
    record: async (tx, created, locked) => {
      const row = await insertNotice(tx, { offerId: locked.offer.id, packetId: created.id, type: notice.type, item, side, facts: notice as unknown as Record<string, unknown>, createdBy: actor.uid, createdByName: actor.name, createdAt: now })
      const status = locked.offer.status as OfferStatus
      await recordEvent(tx, locked.offer, { type: 'notice-sent', actor, from: status, to: status, at: now, details: { noticeId: row.id, packetId: created.id, type: notice.type, item, side } })
      return row
    },
  })
  return { ...toNoticeView(result, { status: packet.status, expiresAt: packet.expiresAt, signedFileId: null }, now), title: packet.title }
}

/** GET /api/offers/:id/notices: the contract's notices with their packets' states, and what the viewer's side may send. */
export async function listNotices(db: Db, { actor, offerId, now = new Date() }: { actor: User; offerId: string; now?: Date }): Promise<ContractNotices> {
  const { offer, side } = await partyOfOffer(db, actor, offerId)
  const rows = await listOfferNotices(db, offer.id)
  const notices = rows.map((row) => ({ ...toNoticeView(row.notice, { status: row.packetStatus, expiresAt: row.packetExpiresAt, signedFileId: row.signedFileId }, now), title: row.packetTitle }))
  const bound = (offer.status as OfferStatus) === 'accepted' && offer.bindingAgreementAt !== null
  if (!bound) return { notices, side, terminationGrounds: [], signers: [] }
  const listing = await listingOf(db, offer)
  const timeline = await timelineOf(db, offer, propertyTimeZone(listing.countyOrParish), now)
  const signers = await sideSigners(db, offer, side)
  return {
    notices,
    side,
    terminationGrounds: terminationGroundsFor(
      side,
      timeline.items.map((item) => item.kind),
    ),
    signers: signers.map(({ name, email, role }) => ({ name, email, role })),
  }
}

/**
 * The completion of a notice's packet, in the signing job's transaction (signing-jobs.ts): the
 * notice is delivered (the other side told, by notification and email in their language), its
 * effect recorded on the timeline, and the ledger says so. A termination ends the contract.
 */
export async function completeNotice(tx: Db, ctx: Pick<SigningContext, 'publicUrl'>, { packet, now }: { packet: { id: string; title: string }; now: Date }): Promise<void> {
  const notice = await findNoticeOfPacket(tx, packet.id)
  if (!notice) throw new Error(`signing packet ${packet.id} is a notice with no notice row`)
  const offer = await offerById(tx, notice.offerId)
  if (!offer) throw new Error(`the offer of notice ${notice.id} is gone`)
  const listing = await listingOf(tx, offer)
  const zone = propertyTimeZone(listing.countyOrParish)
  const facts = notice.facts as unknown as DraftNotice
  const side = notice.side as NoticeSide
  await markNoticeDelivered(tx, notice.id, now)
  await insertTimelineRecords(
    tx,
    noticeRecords(facts, dateInZone(now, zone)).map((record) => ({ offerId: offer.id, kind: record.kind, outcome: record.outcome, date: record.date, noticeId: notice.id, recordedAt: now })),
  )
  const status = offer.status as OfferStatus
  const actorName = notice.createdByName
  await recordEvent(tx, offer, { type: 'notice-delivered', actor: null, from: status, to: status, at: now, details: { noticeId: notice.id, packetId: packet.id, type: facts.type, item: notice.item, side } })
  // A termination ends the contract by the 'terminate' rules, and that change is what the other side is told.
  if (facts.type === 'termination' && (await terminateByNotice(tx, ctx, { offerId: offer.id, side, actorName, details: { noticeId: notice.id, packetId: packet.id, ground: facts.ground, reason: facts.reason }, now }))) return
  const tellOther = side === 'buyer' ? notifySellerSide : notifyBuyerSide
  await tellOther(tx, { publicUrl: ctx.publicUrl, at: now }, { row: offer, listing, event: 'notice-delivered', actorName, title: packet.title })
}
