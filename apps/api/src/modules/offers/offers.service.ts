import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import { isPublishedStatus, takesOffers } from '@offerbook/domain/listing'
import type { StandardStatus } from '@offerbook/domain/listing'
import type { OfferProblem, OfferTerms, OfferView } from '@offerbook/domain/offer'
import { EMPTY_OFFER_TERMS, OFFER_LIMITS, OfferAgentSchema, OfferPartySchema, shareProblems } from '@offerbook/domain/offer'
import { CURRENT_AGREEMENT_FORM } from '@offerbook/domain/contracts/purchase-agreement-form'
import type { OfferAction, OfferStatus } from '@offerbook/domain/offer-status'
import { canTransition, effectiveOfferStatus, isPastExpiry, nextStatus } from '@offerbook/domain/offer-status'
import { differingTerms } from '@offerbook/domain/offer-negotiation'
import { VIEWED_EVENT_WINDOW_MINUTES } from '@offerbook/domain/offer-record'
import { hasAnyRole } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import type { MessageKey } from '@offerbook/domain/messages'
import type { FastifyBaseLogger } from 'fastify'
import type { MoneyCheck } from '@offerbook/domain/money-bounds'
import { offerMoneyWarnings, unconfirmedWarnings } from '@offerbook/domain/money-bounds'
import { AppError } from '../../app-error'
import type { FileStorage } from '../../storage/storage'
import { makeVersionForm } from '../offer-documents/offer-documents.service'
import type { Db } from '../../db/client'
import { publishOfferChanged } from '../events/events.service'
import { managesListing } from '../listings/listings.service'
import { seesOfferThroughTeam } from '../teams/team-access'
import type { OfferListingRow, OfferRow } from './offers.queries'
import { deleteDraftOffer, findOffer, findOfferListing, hasRecentView, insertOffer, insertOfferEvent, updateOffer } from './offers.queries'
import { insertShareLink } from './offer-access.queries'
import { dropRanking } from './offers-optimize-cache'
import { hashShareToken, isOfferId, loadOfferForViewer, lockOfferForBuyer, offerNotFound, termsOf, toOfferView } from './offers-access'
import type { NoticeContext } from './offers-notify'
import { refuseRevisionAfterDeadline } from './offers-revisions'
import { notifySellerSide, sendShareLink } from './offers-notify'
import { sidesOfVersionsAfter } from './negotiation.queries'
import { expiryInPropertyZone, versionChanged, writeFirstVersion, writeNextVersion } from './offers-versions'

/**
 * What every use case needs besides the database: where links in emails point, and where the offer
 * form of a sent version is kept (without a storage, as in some tests, no form is made by itself).
 */
export type OffersContext = { publicUrl: string; storage?: FileStorage; log?: Pick<FastifyBaseLogger, 'error'> }

/**
 * After a version is sent (shared, revised, countered) and committed: its offer form, so the current
 * form is always the current version's (decision 036). A failure leaves the version without a form
 * until the buyer side generates it; the version itself stands.
 */
export async function makeCurrentForm(db: Db, ctx: OffersContext, offerId: string, now: Date): Promise<void> {
  if (!ctx.storage) return
  try {
    await makeVersionForm(db, ctx.storage, { offerId, now })
  } catch (error) {
    ctx.log?.error({ err: error, offerId }, 'the offer form of a sent version could not be made')
  }
}

const DAY = 86_400_000

/** "An offer that is {status} cannot be {done}": one message per action, the action read as a participle. */
export const NOT_ALLOWED: Readonly<Record<OfferAction, MessageKey>> = {
  share: 'offer.cannotShare',
  accept: 'offer.cannotAccept',
  decline: 'offer.cannotDecline',
  keepAsBackup: 'offer.cannotKeepAsBackup',
  withdraw: 'offer.cannotWithdraw',
  expire: 'offer.cannotExpire',
  acknowledge: 'offer.cannotAcknowledge',
  close: 'offer.cannotClose',
  terminate: 'offer.cannotTerminate',
  counter: 'negotiation.cannotCounter',
  acceptCounter: 'negotiation.cannotAcceptCounter',
  declineCounter: 'negotiation.cannotDeclineCounter',
  revise: 'offer.cannotRevise',
  renew: 'offer.cannotRenew',
}

/** The 409 of an action the offer's status does not allow. */
export const notAllowed = (action: OfferAction, status: OfferStatus) => new AppError('CONFLICT', NOT_ALLOWED[action], { params: { status } })

/** The terms' problems as one 400, the first one its message. */
export function badTerms(problems: readonly [OfferProblem, ...OfferProblem[]]): AppError {
  const [first] = problems
  return new AppError('BAD_REQUEST', first.key, { params: first.params, errors: problems.map(({ field, key, params }) => ({ path: field, key, ...(params ? { params } : {}) })) })
}

/** The columns kept beside the terms for sorting and for the expiry job. */
export function termColumns(terms: OfferTerms): Pick<OfferRow, 'purchasePrice' | 'expiresAt'> {
  return { purchasePrice: terms.purchasePrice, expiresAt: terms.expiresAt ? new Date(terms.expiresAt) : null }
}

export async function recordEvent(tx: Db, row: Pick<OfferRow, 'id' | 'listingId' | 'buyerId'>, { type, actor, from, to, at, details = {} }: { type: Parameters<typeof insertOfferEvent>[1]['type']; actor: User | null; from: OfferStatus | null; to: OfferStatus | null; at: Date; details?: Record<string, unknown> }) {
  await insertOfferEvent(tx, { offerId: row.id, type, actorId: actor?.uid ?? null, actorName: actor?.name ?? null, fromStatus: from, toStatus: to, at, details })
  // The listing's ranking in this process goes at once; other processes see the offers' stamp move.
  dropRanking(row.listingId)
  // Every audited change of a shared offer reaches both sides' open pages (decision 021); a draft is the buyer's alone.
  if (to !== null && to !== 'draft') await publishOfferChanged(tx, row, to, type)
}

/** A price or earnest money out of the money bounds that the share did not confirm, each on its field (decision 037). */
function unconfirmedMoney(terms: OfferTerms, listPrice: number | null, confirmed: readonly MoneyCheck[]): OfferProblem[] {
  const warnings = offerMoneyWarnings({ listPrice, purchasePrice: terms.purchasePrice, earnestMoney: terms.earnestMoney.amount })
  return unconfirmedWarnings(warnings, confirmed).map((warning) => ({ field: warning.field === 'earnestMoney' ? 'earnestMoney.amount' : warning.field, key: 'offer.moneyUnconfirmed' }))
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
  if (!listing || (!canManage && !isPublishedStatus(listing.standardStatus as StandardStatus))) throw new AppError('NOT_FOUND', 'listing.notFound')
  if (canManage) throw new AppError('FORBIDDEN', 'offer.ownListing')
  if (!takesOffers(listing.standardStatus as StandardStatus)) throw new AppError('CONFLICT', 'offer.notTakingOffers')
  // Made on the current form, kept through every version (contracts/purchase-agreement-form.ts).
  const terms = { ...prefilledTerms(listing, actor), form: { code: CURRENT_AGREEMENT_FORM.code, version: CURRENT_AGREEMENT_FORM.version } }
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
  if (found.viewer === 'seller' && viewer) await recordViewed(db, found.row, { actorId: viewer.uid, actorName: viewer.name, via: 'account', now })
  else if (found.viewer === 'link' && token && !(viewer && (await seesOfferThroughTeam(db, viewer.uid, found.row)))) await recordViewed(db, found.row, { actorId: null, actorName: null, via: 'share-link', now })
  return toOfferView(db, found.row, found.viewer, { now, publicUrl: ctx.publicUrl })
}

/**
 * The seller side opened the offer: a 'viewed' entry of the offer record (decision 030), at most one
 * per viewer per offer in VIEWED_EVENT_WINDOW_MINUTES, so reloads and live refreshes do not flood it.
 * It changes no status, so it tells no open page (a refresh would open the offer again).
 */
async function recordViewed(db: Db, row: OfferRow, { actorId, actorName, via, now }: { actorId: string | null; actorName: string | null; via: 'account' | 'share-link'; now: Date }): Promise<void> {
  const since = new Date(now.getTime() - VIEWED_EVENT_WINDOW_MINUTES * 60_000)
  await db.transaction(async (tx) => {
    if (await hasRecentView(tx, { offerId: row.id, actorId, via, since })) return
    await insertOfferEvent(tx, { offerId: row.id, type: 'viewed', actorId, actorName, fromStatus: null, toStatus: null, at: now, details: { via, status: row.status } })
  })
}

// ---------------------------------------------------------------------------------------------
// The buyer side's changes

/**
 * Saves the whole terms. A draft autosaves as it is typed. A shared offer changes only by a sent
 * revision (decision 036): its saved edits are the buyer side's working copy, which the seller side,
 * the notices, the ledger and the ranking never see until sendRevision sends it. An expired offer
 * takes a working copy too: sent with a new expiration, it renews the offer.
 */
export async function saveOffer(db: Db, ctx: OffersContext, { actor, id, terms: given }: { actor: User; id: string; terms: OfferTerms }): Promise<OfferView> {
  const now = new Date()
  const row = await db.transaction(async (tx) => {
    const locked = await lockOfferForBuyer(tx, actor, id)
    // The form the offer was made on is the server's to keep, whatever the browser sends.
    const terms: OfferTerms = { ...given, form: termsOf(locked).form }
    const status = effectiveOfferStatus(locked.status as OfferStatus, locked.expiresAt, now)
    if (status !== 'draft' && status !== 'active' && status !== 'expired') throw new AppError('CONFLICT', 'offer.locked', { params: { status } })
    // A highest-and-best request's deadline ends the revisions (decision 029), whatever the form shows.
    if (status !== 'draft') await refuseRevisionAfterDeadline(tx, locked, now)
    if (status === 'draft') {
      if (JSON.stringify(termsOf(locked)) === JSON.stringify(terms)) return locked
      return updateOffer(tx, locked.id, { terms, ...termColumns(terms), updatedAt: now })
    }
    // The working copy: no event, no notice, no live event; the offer the seller side has is unchanged.
    const unchanged = JSON.stringify(termsOf(locked)) === JSON.stringify(terms)
    return updateOffer(tx, locked.id, { workingTerms: unchanged ? null : terms })
  })
  return toOfferView(db, row, 'buyer', { now, publicUrl: ctx.publicUrl })
}

/**
 * Sends the buyer side's revision of a shared offer (decision 036): the terms (or the saved working
 * copy) become the next version, with one ledger entry, one notice and one email to the seller side.
 * `version` is the version the buyer side built on; the offer locked, two revisions sent at once
 * become two consecutive versions. An expired offer is renewed by a revision with a new expiration:
 * open again, its seller side told. Refused when it changes nothing, after a highest-and-best
 * deadline, and when the seller side answered since the version the buyer side was looking at.
 */
export async function sendRevision(
  db: Db,
  ctx: OffersContext,
  { actor, id, version, terms, confirmed = [] }: { actor: User; id: string; version: number; terms?: OfferTerms | undefined; confirmed?: readonly MoneyCheck[] },
): Promise<OfferView> {
  const now = new Date()
  const row = await db.transaction(async (tx) => {
    const locked = await lockOfferForBuyer(tx, actor, id)
    const stored = locked.status as OfferStatus
    if (stored === 'draft') throw new AppError('CONFLICT', 'offer.shareFirst')
    const status = effectiveOfferStatus(stored, locked.expiresAt, now)
    const action: OfferAction = status === 'expired' ? 'renew' : 'revise'
    if (!canTransition(status, action, 'buyer')) throw notAllowed(action, status)
    await refuseRevisionAfterDeadline(tx, locked, now)
    // The buyer side's own revisions build on each other; a version the seller side sent since makes it stale.
    if (version > locked.version || (version < locked.version && (await sidesOfVersionsAfter(tx, { offerId: locked.id, number: version })).includes('seller'))) throw versionChanged(locked)
    const current = termsOf(locked)
    const next = { ...(terms ?? (locked.workingTerms ? termsOf({ terms: locked.workingTerms }) : current)), form: current.form }
    const changed = differingTerms(current, next)
    if (changed.length === 0) throw new AppError('BAD_REQUEST', 'offer.revisionUnchanged', { errors: [{ path: 'terms', key: 'offer.revisionUnchanged' }] })
    if (action === 'renew' && isPastExpiry(next.expiresAt, now)) throw new AppError('BAD_REQUEST', 'offer.renewNeedsExpiry', { errors: [{ path: 'expiresAt', key: 'offer.renewNeedsExpiry' }] })
    const [problem, ...more] = shareProblems(next, now)
    if (problem) throw badTerms([problem, ...more])
    // A sum out of bounds is confirmed again for the version that carries it (decision 037).
    const listing = await listingOf(tx, locked)
    const [unconfirmed, ...moreUnconfirmed] = unconfirmedMoney(next, listing.listPrice, confirmed)
    if (unconfirmed) throw badTerms([unconfirmed, ...moreUnconfirmed])

    const number = await writeNextVersion(tx, locked, { kind: 'revision', side: 'buyer', actorId: actor.uid, actorName: actor.name, message: '', terms: next, at: now })
    const to = nextStatus(action)
    const renewed = action === 'renew' ? { status: to, turn: null, decidedAt: null } : {}
    const sent = await updateOffer(tx, locked.id, { ...renewed, version: number, terms: next, ...termColumns(next), workingTerms: null, updatedAt: now })
    const event = locked.bestDeadline ? 'revised' : 'updated'
    await recordEvent(tx, sent, { type: event, actor, from: status, to, at: now, details: { version: number, changed, ...(action === 'renew' ? { renewed: true } : {}) } })
    await notifySellerSide(tx, { publicUrl: ctx.publicUrl, at: now }, { row: sent, listing, event, actorName: actor.name })
    return sent
  })
  await makeCurrentForm(db, ctx, row.id, now)
  return toOfferView(db, row, 'buyer', { now, publicUrl: ctx.publicUrl })
}

/** Deletes a draft; a shared offer is withdrawn instead. */
export async function deleteOffer(db: Db, { actor, id }: { actor: User; id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockOfferForBuyer(tx, actor, id)
    if (locked.status !== 'draft' || !(await deleteDraftOffer(tx, locked.id))) throw new AppError('CONFLICT', 'offer.onlyDraftDeleted')
  })
}

/**
 * Shares a complete draft: it becomes active, the listing agent named on it gets an email with an
 * unguessable link (only its hash is kept) that works until the offer expires, 30 days at most,
 * and the seller side's accounts are notified. All in one transaction with the audit event.
 */
export async function shareOffer(db: Db, ctx: OffersContext, { actor, id, confirmed = [] }: { actor: User; id: string; confirmed?: readonly MoneyCheck[] }): Promise<OfferView> {
  const now = new Date()
  const row = await db.transaction(async (tx) => {
    const locked = await lockOfferForBuyer(tx, actor, id)
    const status = locked.status as OfferStatus
    if (!canTransition(status, 'share', 'buyer')) throw notAllowed('share', status)
    const terms = termsOf(locked)
    if (isPastExpiry(terms.expiresAt, now)) throw new AppError('CONFLICT', 'offer.expired', { params: { expiresAt: await expiryInPropertyZone(tx, locked, new Date(terms.expiresAt ?? now)) } })
    const [problem, ...more] = shareProblems(terms, now)
    if (problem) throw badTerms([problem, ...more])
    const listing = await listingOf(tx, locked)
    if (!takesOffers(listing.standardStatus as StandardStatus)) throw new AppError('CONFLICT', 'offer.notTakingOffers')
    const [unconfirmed, ...moreUnconfirmed] = unconfirmedMoney(terms, listing.listPrice, confirmed)
    if (unconfirmed) throw badTerms([unconfirmed, ...moreUnconfirmed])
    const shared = await updateOffer(tx, locked.id, { status: 'active', sharedAt: now, updatedAt: now })
    // Version 1 is the offer as shared, kept from now on like every later version (decision 036).
    await writeFirstVersion(tx, shared)
    await recordEvent(tx, shared, { type: 'shared', actor, from: status, to: 'active', at: now, details: { version: 1 } })
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
  await makeCurrentForm(db, ctx, row.id, now)
  return toOfferView(db, row, 'buyer', { now, publicUrl: ctx.publicUrl })
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
