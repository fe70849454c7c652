import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import { isPublishedStatus, LISTING_MESSAGES } from '@offerbook/domain/listing'
import type { StandardStatus } from '@offerbook/domain/listing'
import type { AcceptOffer, MyOffersPage, MyOffersQuery, OfferSummary, OfferTerms, OfferView } from '@offerbook/domain/offer'
import { EMPTY_OFFER_TERMS, OFFER_LIMITS, OFFER_MESSAGES, OfferAgentSchema, OfferPartySchema, shareProblems } from '@offerbook/domain/offer'
import type { OptimizeResult } from '@offerbook/domain/offer-scoring'
import { scoreOffers } from '@offerbook/domain/offer-scoring'
import type { OfferAction, OfferActor, OfferStatus } from '@offerbook/domain/offer-status'
import { allowedOfferActions, canTransition, nextStatus, OFFER_STATUSES, OFFER_TABS, OFFER_TRANSITIONS, OPEN_OFFER_STATUSES, statusesOfTab } from '@offerbook/domain/offer-status'
import { hasAnyRole } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { changeListingSettings, managesListing } from '../listings/listings.service'
import type { OfferListingRow, OfferListRow, OfferRow } from './offers.queries'
import {
  countBuyerOffersByStatus,
  deleteDraftOffer,
  expireShareLinks,
  findOffer,
  findOfferListing,
  findOfferListings,
  insertOffer,
  insertOfferEvent,
  insertShareLink,
  listBuyerOffers,
  listListingOffers as listListingOfferRows,
  lockListingOffers,
  lockOffer,
  offersWithAttachmentKind,
  updateOffer,
} from './offers.queries'
import { hashShareToken, isOfferId, isSellerOf, loadOfferForViewer, lockOfferForBuyer, offerNotFound, propertyOf, termsOf, toOfferView } from './offers-access'
import type { NoticeContext } from './offers-notify'
import { notifyBuyerSide, notifySellerSide, sendShareLink } from './offers-notify'

/** What every use case needs besides the database: where links in emails point. */
export type OffersContext = { publicUrl: string }

/** Listings in these statuses take offers (issue #6: a property under contract still takes back-ups). */
const TAKING_OFFERS: readonly StandardStatus[] = ['Active', 'ActiveUnderContract']
const DAY = 86_400_000

/** How an action reads in "An offer that is {status} cannot be {participle}". */
const PARTICIPLES: Readonly<Record<OfferAction, string>> = {
  share: 'shared',
  accept: 'accepted',
  decline: 'declined',
  keepAsBackup: 'kept as a back-up',
  withdraw: 'withdrawn',
  expire: 'expired',
  acknowledge: 'acknowledged',
  close: 'closed',
  terminate: 'terminated',
}

const conflict = (message: string) => new AppError('CONFLICT', message)

function badTerms(problems: readonly { field: string; message: string }[]): AppError {
  return new AppError('BAD_REQUEST', problems[0]?.message ?? OFFER_MESSAGES.expirationRequired, { errors: problems.map((problem) => ({ path: problem.field, message: problem.message })) })
}

/** The columns kept beside the terms for sorting and for the expiry job. */
function termColumns(terms: OfferTerms): Pick<OfferRow, 'purchasePrice' | 'expiresAt'> {
  return { purchasePrice: terms.purchasePrice, expiresAt: terms.expiresAt ? new Date(terms.expiresAt) : null }
}

export async function recordEvent(tx: Db, row: Pick<OfferRow, 'id'>, { type, actor, from, to, at, details = {} }: { type: Parameters<typeof insertOfferEvent>[1]['type']; actor: User | null; from: OfferStatus | null; to: OfferStatus | null; at: Date; details?: Record<string, unknown> }) {
  await insertOfferEvent(tx, { offerId: row.id, type, actorId: actor?.uid ?? null, actorName: actor?.name ?? null, fromStatus: from, toStatus: to, at, details })
}

export async function listingOf(db: Db, row: Pick<OfferRow, 'listingId'>): Promise<OfferListingRow> {
  const listing = await findOfferListing(db, row.listingId)
  if (!listing) throw offerNotFound()
  return listing
}

// ---------------------------------------------------------------------------------------------
// Making an offer

/** A value the schema takes, or the empty default: a prefill never makes a draft the schema refuses. */
function fitting<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value)
  return parsed.success ? parsed.data : fallback
}

function partyOf(person: { name: string | null; email: string | null; phone: string | null }) {
  const shape = OfferPartySchema.shape
  return {
    fullName: fitting(shape.fullName, person.name ?? '', ''),
    email: fitting(shape.email, person.email ?? '', ''),
    phone: fitting(shape.phone, person.phone ?? '', ''),
  }
}

function prefilledTerms(listing: OfferListingRow, actor: User): OfferTerms {
  const agentShape = OfferAgentSchema.shape
  const price = listing.listPrice !== null && listing.listPrice >= OFFER_LIMITS.minPrice && listing.listPrice <= OFFER_LIMITS.maxPrice ? listing.listPrice : null
  const actorIsBuyerAgent = hasAnyRole(actor.roles, ['BUYER_AGENT'])
  const me = partyOf(actor)
  return {
    ...structuredClone(EMPTY_OFFER_TERMS),
    purchasePrice: price,
    buyers: actorIsBuyerAgent ? [] : [me],
    buyerAgent: actorIsBuyerAgent ? { ...OfferAgentSchema.parse({}), ...me } : OfferAgentSchema.parse({}),
    listingAgent: {
      ...partyOf({ name: listing.listAgentFullName, email: listing.listAgentEmail, phone: listing.listAgentDirectPhone }),
      firmName: fitting(agentShape.firmName, listing.listOfficeName ?? '', ''),
      firmLicenseNumber: fitting(agentShape.firmLicenseNumber, listing.firmLicenseNumber ?? '', ''),
      licenseNumber: '',
    },
  }
}

/** A draft on a listing that takes offers, prefilled from the listing and the maker's profile. */
export async function createOffer(db: Db, ctx: OffersContext, { actor, listingId }: { actor: User; listingId: string }): Promise<OfferView> {
  const id = listingId.trim().toLowerCase()
  const listing = isOfferId(id) ? await findOfferListing(db, id) : null
  const canManage = listing ? await managesListing(db, actor, listing.id) : false
  if (!listing || (!canManage && !isPublishedStatus(listing.standardStatus as StandardStatus))) throw new AppError('NOT_FOUND', LISTING_MESSAGES.listingNotFound)
  if (canManage) throw new AppError('FORBIDDEN', OFFER_MESSAGES.ownListing)
  if (!TAKING_OFFERS.includes(listing.standardStatus as StandardStatus)) throw conflict(OFFER_MESSAGES.notTakingOffers)
  const terms = prefilledTerms(listing, actor)
  const now = new Date()
  const row = await db.transaction(async (tx) => {
    const created = await insertOffer(tx, { listingId: listing.id, buyerId: actor.uid, status: 'draft', terms, ...termColumns(terms), createdAt: now, updatedAt: now })
    await recordEvent(tx, created, { type: 'created', actor, from: null, to: 'draft', at: now })
    return created
  })
  return toOfferView(db, row, 'buyer', { now, publicUrl: ctx.publicUrl })
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function getOffer(db: Db, ctx: OffersContext, { viewer, id, token }: { viewer: User | null; id: string; token?: string | null | undefined }): Promise<OfferView> {
  const now = new Date()
  const found = await loadOfferForViewer(db, { viewer, id, token, now })
  return toOfferView(db, found.row, found.viewer, { now, publicUrl: ctx.publicUrl })
}

function toSummary(row: OfferListRow, listing: OfferListingRow, side: OfferActor): OfferSummary {
  const terms = termsOf(row)
  const status = row.status as OfferStatus
  return {
    id: row.id,
    status,
    purchasePrice: row.purchasePrice,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    property: propertyOf(listing),
    buyerNames: terms.buyers.map((buyer) => buyer.fullName.trim()).filter(Boolean),
    financingType: terms.financing.type,
    actions: allowedOfferActions(status, side, { acknowledged: row.bindingAgreementAt !== null }),
    updatedAt: row.updatedAt.toISOString(),
    sharedAt: row.sharedAt ? row.sharedAt.toISOString() : null,
    bindingAgreementAt: row.bindingAgreementAt ? row.bindingAgreementAt.toISOString() : null,
    signedAt: row.signedAt ? row.signedAt.toISOString() : null,
  }
}

/** The buyer side's own offers on one tab, last changed first, with every tab's count. */
export async function listMyOffers(db: Db, { actor, query }: { actor: User; query: MyOffersQuery }): Promise<MyOffersPage> {
  const [{ rows, total }, byStatus] = await Promise.all([
    listBuyerOffers(db, { buyerId: actor.uid, statuses: statusesOfTab(query.tab), page: query.page, pageSize: query.pageSize }),
    countBuyerOffersByStatus(db, actor.uid),
  ])
  const listings = await findOfferListings(
    db,
    rows.map((row) => row.listingId),
  )
  const counts = Object.fromEntries(OFFER_TABS.map((tab) => [tab, statusesOfTab(tab).reduce((sum, status) => sum + (byStatus.get(status) ?? 0), 0)])) as MyOffersPage['counts']
  const items = rows.flatMap((row) => {
    const listing = listings.get(row.listingId)
    return listing ? [toSummary(row, listing, 'buyer')] : []
  })
  return { items, total, page: query.page, pageSize: query.pageSize, counts }
}

/** A listing the actor manages: 404 when there is none, 403 when it is not theirs (the listings module's words). */
async function managedListing(db: Db, actor: User, listingId: string): Promise<OfferListingRow> {
  const id = listingId.trim().toLowerCase()
  const listing = isOfferId(id) ? await findOfferListing(db, id) : null
  if (!listing) throw new AppError('NOT_FOUND', LISTING_MESSAGES.listingNotFound)
  if (!(await managesListing(db, actor, listing.id))) throw new AppError('FORBIDDEN', LISTING_MESSAGES.notYourListing)
  return listing
}

/** The shared offers on a listing the actor manages, newest shared first. */
export async function listListingOffers(db: Db, { actor, listingId }: { actor: User; listingId: string }): Promise<OfferSummary[]> {
  const listing = await managedListing(db, actor, listingId)
  const rows = await listListingOfferRows(db, { listingId: listing.id, statuses: OFFER_STATUSES.filter((status) => status !== 'draft') })
  return rows.map((row) => toSummary(row, listing, 'seller'))
}

/**
 * The open offers (active and back-up) on a listing the actor manages, ranked by the listing's
 * weighting. Two queries whatever the number of offers: the offers, then which have a pre-approval.
 */
export async function optimizeListing(db: Db, { actor, listingId }: { actor: User; listingId: string }): Promise<OptimizeResult> {
  const listing = await managedListing(db, actor, listingId)
  const rows = await listListingOfferRows(db, { listingId: listing.id, statuses: OPEN_OFFER_STATUSES })
  const preApproved = await offersWithAttachmentKind(db, { offerIds: rows.map((row) => row.id), kind: 'pre-approval' })
  const byId = new Map(rows.map((row) => [row.id, { row, terms: termsOf(row) }]))
  const ranked = scoreOffers(
    [...byId.values()].map(({ row, terms }) => ({ id: row.id, terms, hasPreApproval: preApproved.has(row.id), sharedAt: row.sharedAt ? row.sharedAt.toISOString() : null })),
    listing.weighting,
  )
  return {
    property: propertyOf(listing),
    weighting: listing.weighting,
    offers: ranked.flatMap((entry) => {
      const found = byId.get(entry.id)
      if (!found) return []
      const { row, terms } = found
      return [
        {
          ...entry,
          status: row.status as OfferStatus,
          purchasePrice: row.purchasePrice,
          buyerNames: terms.buyers.map((buyer) => buyer.fullName.trim()).filter(Boolean),
          financingType: terms.financing.type,
          closingDate: terms.closingDate,
          expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
          sharedAt: row.sharedAt ? row.sharedAt.toISOString() : null,
          hasPreApproval: preApproved.has(row.id),
        },
      ]
    }),
  }
}

// ---------------------------------------------------------------------------------------------
// The buyer side's changes

/**
 * Saves the whole terms of a draft or of an active offer. A shared offer keeps an expiration in the
 * future; a change to it is audited and told to the seller side.
 */
export async function saveOffer(db: Db, ctx: OffersContext, { actor, id, terms }: { actor: User; id: string; terms: OfferTerms }): Promise<OfferView> {
  const now = new Date()
  const row = await db.transaction(async (tx) => {
    const locked = await lockOfferForBuyer(tx, actor, id)
    const status = locked.status as OfferStatus
    if (status !== 'draft' && status !== 'active') throw conflict(OFFER_MESSAGES.offerLocked(status))
    if (status === 'active') {
      const expiration = shareProblems(terms, now).filter((problem) => problem.field === 'expiresAt')
      if (expiration.length > 0) throw badTerms(expiration)
    }
    const unchanged = JSON.stringify(termsOf(locked)) === JSON.stringify(terms)
    if (unchanged) return locked
    const saved = await updateOffer(tx, locked.id, { terms, ...termColumns(terms), updatedAt: now })
    if (status === 'active') {
      await recordEvent(tx, saved, { type: 'updated', actor, from: status, to: status, at: now })
      await notifySellerSide(tx, { publicUrl: ctx.publicUrl, at: now }, { row: saved, listing: await listingOf(tx, saved), event: 'updated', actorName: actor.name })
    }
    return saved
  })
  return toOfferView(db, row, 'buyer', { now, publicUrl: ctx.publicUrl })
}

/** Deletes a draft; a shared offer is withdrawn instead. */
export async function deleteOffer(db: Db, { actor, id }: { actor: User; id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockOfferForBuyer(tx, actor, id)
    if (locked.status !== 'draft' || !(await deleteDraftOffer(tx, locked.id))) throw conflict(OFFER_MESSAGES.onlyDraftDeleted)
  })
}

/**
 * Shares a complete draft: it becomes active, the listing agent named on it gets an email with an
 * unguessable link (only its hash is kept) that works until the offer expires, 30 days at most,
 * and the seller side's accounts are notified. All in one transaction with the audit event.
 */
export async function shareOffer(db: Db, ctx: OffersContext, { actor, id }: { actor: User; id: string }): Promise<OfferView> {
  const now = new Date()
  const row = await db.transaction(async (tx) => {
    const locked = await lockOfferForBuyer(tx, actor, id)
    const status = locked.status as OfferStatus
    if (!canTransition(status, 'share', 'buyer')) throw conflict(OFFER_MESSAGES.notAllowed(PARTICIPLES.share, status))
    const terms = termsOf(locked)
    const problems = shareProblems(terms, now)
    if (problems.length > 0) throw badTerms(problems)
    const listing = await listingOf(tx, locked)
    if (!TAKING_OFFERS.includes(listing.standardStatus as StandardStatus)) throw conflict(OFFER_MESSAGES.notTakingOffers)
    const shared = await updateOffer(tx, locked.id, { status: 'active', sharedAt: now, updatedAt: now })
    await recordEvent(tx, shared, { type: 'shared', actor, from: status, to: 'active', at: now })
    const token = randomBytes(32).toString('base64url')
    const offerEnds = terms.expiresAt ? Date.parse(terms.expiresAt) : now.getTime() + OFFER_LIMITS.shareLinkDays * DAY
    await insertShareLink(tx, {
      offerId: shared.id,
      tokenHash: hashShareToken(token),
      recipient: terms.listingAgent.email.trim(),
      expiresAt: new Date(Math.min(offerEnds, now.getTime() + OFFER_LIMITS.shareLinkDays * DAY)),
      createdAt: now,
    })
    const notice: NoticeContext = { publicUrl: ctx.publicUrl, at: now }
    await sendShareLink(tx, notice, { row: shared, listing, terms, token })
    await notifySellerSide(tx, notice, { row: shared, listing, event: 'shared', actorName: actor.name }, { emailedAlready: terms.listingAgent.email })
    return shared
  })
  return toOfferView(db, row, 'buyer', { now, publicUrl: ctx.publicUrl })
}

// ---------------------------------------------------------------------------------------------
// Answers and the contract's life

export type SimpleAction = Extract<OfferAction, 'withdraw' | 'decline' | 'acknowledge' | 'close' | 'terminate'>

/** The offer locked for an action, and which side the actor takes it as; refused in the order a user would understand. */
async function lockForAction(tx: Db, actor: User, id: string, action: OfferAction): Promise<{ row: OfferRow; side: 'buyer' | 'seller' }> {
  if (!isOfferId(id)) throw offerNotFound()
  const row = await lockOffer(tx, id.toLowerCase())
  if (!row) throw offerNotFound()
  const status = row.status as OfferStatus
  const isBuyer = row.buyerId === actor.uid
  const isSeller = !isBuyer || OFFER_TRANSITIONS[action].by.includes('seller') ? await isSellerOf(tx, actor, row) : false
  if (!isBuyer && !isSeller) throw offerNotFound()
  if (status === 'draft') throw conflict(OFFER_MESSAGES.shareFirst)
  const by = OFFER_TRANSITIONS[action].by
  const side = isBuyer && by.includes('buyer') ? 'buyer' : isSeller && by.includes('seller') ? 'seller' : null
  if (!side) throw new AppError('FORBIDDEN', isBuyer ? OFFER_MESSAGES.notSellerOfOffer : OFFER_MESSAGES.notYourOffer)
  if (action === 'acknowledge' && status === 'accepted' && row.bindingAgreementAt) throw conflict(OFFER_MESSAGES.alreadyAcknowledged)
  if (!canTransition(status, action, side)) throw conflict(OFFER_MESSAGES.notAllowed(PARTICIPLES[action], status))
  return { row, side }
}

/** Withdraw (buyer), decline (seller), acknowledge the acceptance (buyer), close (seller), terminate (either). */
export async function actOnOffer(db: Db, ctx: OffersContext, { actor, id, action }: { actor: User; id: string; action: SimpleAction }): Promise<OfferView> {
  const now = new Date()
  const { row, side } = await db.transaction(async (tx) => {
    const locked = await lockForAction(tx, actor, id, action)
    const from = locked.row.status as OfferStatus
    const to = nextStatus(action)
    const changed =
      action === 'acknowledge'
        ? await updateOffer(tx, locked.row.id, { bindingAgreementAt: now, updatedAt: now })
        : await updateOffer(tx, locked.row.id, { status: to, decidedAt: now, updatedAt: now })
    const type: 'acknowledged' | 'withdrawn' | 'declined' | 'closed' | 'terminated' = action === 'acknowledge' ? 'acknowledged' : (to as 'withdrawn' | 'declined' | 'closed' | 'terminated')
    await recordEvent(tx, changed, { type, actor, from, to, at: now })
    if (!OPEN_OFFER_STATUSES.includes(to) && to !== 'accepted') await expireShareLinks(tx, { offerId: changed.id, now })
    const notice = { row: changed, listing: await listingOf(tx, changed), event: type, actorName: actor.name }
    const noticeContext = { publicUrl: ctx.publicUrl, at: now }
    if (locked.side === 'buyer') await notifySellerSide(tx, noticeContext, notice)
    else await notifyBuyerSide(tx, noticeContext, notice)
    return { row: changed, side: locked.side }
  })
  return toOfferView(db, row, side, { now, publicUrl: ctx.publicUrl })
}

/**
 * Accepts one offer. The listing's other open offers are declined or kept as back-ups in the same
 * transaction, at the same instant, and every buyer side affected is told in the same words; an
 * Active listing goes under contract. The listing's open offers are locked in id order first, so
 * two accepts on one listing queue and the second finds the first.
 */
export async function acceptOffer(db: Db, ctx: OffersContext, { actor, id, others }: { actor: User; id: string } & AcceptOffer): Promise<OfferView> {
  if (!isOfferId(id)) throw offerNotFound()
  const peek = await findOffer(db, id.toLowerCase())
  if (!peek) throw offerNotFound()
  const now = new Date()
  const row = await db.transaction(async (tx) => {
    const open = await lockListingOffers(tx, { listingId: peek.listingId, statuses: [...OPEN_OFFER_STATUSES, 'accepted'] })
    const { row: target } = await lockForAction(tx, actor, peek.id, 'accept')
    if (open.some((offer) => offer.status === 'accepted' && offer.id !== target.id)) throw conflict(OFFER_MESSAGES.alreadyAccepted)
    const from = target.status as OfferStatus
    const accepted = await updateOffer(tx, target.id, { status: 'accepted', decidedAt: now, updatedAt: now })
    await recordEvent(tx, accepted, { type: 'accepted', actor, from, to: 'accepted', at: now, details: { others } })
    const listing = await listingOf(tx, accepted)
    const noticeContext = { publicUrl: ctx.publicUrl, at: now }
    await notifyBuyerSide(tx, noticeContext, { row: accepted, listing, event: 'accepted', actorName: actor.name })

    const action: OfferAction = others === 'backup' ? 'keepAsBackup' : 'decline'
    const to = nextStatus(action)
    // The same words for all: the link is the tab of the buyer's list, not one offer.
    const path = to === 'backup' ? '/submitted-offers/active' : '/submitted-offers/inactive'
    for (const other of open) {
      const status = other.status as OfferStatus
      if (other.id === target.id || status === to || !canTransition(status, action, 'system')) continue
      const changed = await updateOffer(tx, other.id, { status: to, decidedAt: now, updatedAt: now })
      await recordEvent(tx, changed, { type: to === 'backup' ? 'backup' : 'declined', actor, from: status, to, at: now, details: { acceptedOfferId: accepted.id } })
      if (to === 'declined') await expireShareLinks(tx, { offerId: changed.id, now })
      await notifyBuyerSide(tx, noticeContext, { row: changed, listing, event: to === 'backup' ? 'backup' : 'declined', actorName: actor.name, path })
    }
    if (listing.standardStatus === 'Active') await changeListingSettings(tx, { actor, id: listing.id, patch: { StandardStatus: 'ActiveUnderContract' } })
    return accepted
  })
  return toOfferView(db, row, 'seller', { now, publicUrl: ctx.publicUrl })
}

/**
 * Stamps the offer as signed by every party (the signing module's completion of the offer packet),
 * with its audit event, in the caller's transaction.
 */
export async function markOfferSigned(tx: Db, { offerId, at, packetId }: { offerId: string; at: Date; packetId: string }): Promise<void> {
  const row = await updateOffer(tx, offerId, { signedAt: at, updatedAt: at })
  await recordEvent(tx, row, { type: 'signed', actor: null, from: row.status as OfferStatus, to: row.status as OfferStatus, at, details: { packetId } })
}

export type { OfferRow } from './offers.queries'

/** One offer's row, whoever asks (the signing module checks access itself through loadOfferForViewer). */
export async function offerById(db: Db, id: string): Promise<OfferRow | null> {
  return findOffer(db, id)
}
