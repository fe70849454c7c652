import type { MyOffersPage, MyOffersQuery, OfferSummary } from '@offerbook/domain/offer'
import type { OfferWeightCriterion } from '@offerbook/domain/listing'
import type { OptimizeOffer, OptimizeResult } from '@offerbook/domain/offer-scoring'
import { scoreOffers } from '@offerbook/domain/offer-scoring'
import type { OfferActor, OfferStatus, OfferTurn } from '@offerbook/domain/offer-status'
import { allowedOfferActions, effectiveOfferStatus, OFFER_STATUSES, OFFER_TABS, OPEN_OFFER_STATUSES, statusesOfTab, turnOf } from '@offerbook/domain/offer-status'
import type { User } from '@offerbook/domain/user'
import { OfferWeightsSchema } from '@offerbook/domain/listing-settings'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { managesListing } from '../listings/listings.service'
import { buyerSideScope, readsListingAsBrokerageStaff } from '../teams/team-access'
import type { OfferListingRow, OfferListRow, OptimizeOfferRow } from './offers.queries'
import { countBuyerOffersByStatus, findOfferListing, findOfferListings, listBuyerOffers, listListingOffers as listListingOfferRows, offersWithAttachmentKind, readOptimize } from './offers.queries'
import type { OptimizeAnswer } from './offers-optimize-cache'
import { cachedRanking, hasRanking, keepRanking, rankingAnswer } from './offers-optimize-cache'
import { isOfferId, propertyOf, termsOf } from './offers-access'
import { optimizeReadOf } from './optimize-reads'

/** The lists of offers: the buyer side's own, a listing's for its seller side, and a listing's open offers ranked. */

function toSummary(row: OfferListRow, listing: OfferListingRow, side: OfferActor, preApproved?: ReadonlySet<string>, now = new Date()): OfferSummary {
  const terms = termsOf(row)
  // Past its expiration an open offer is listed as expired from that instant (decision 036).
  const status = effectiveOfferStatus(row.status as OfferStatus, row.expiresAt, now)
  const turn = row.turn as OfferTurn | null
  return {
    id: row.id,
    status,
    purchasePrice: row.purchasePrice,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    property: propertyOf(listing),
    buyerNames: terms.buyers.map((buyer) => buyer.fullName.trim()).filter(Boolean),
    financingType: terms.financing.type,
    actions: allowedOfferActions(status, side, { acknowledged: row.bindingAgreementAt !== null, turn }),
    updatedAt: row.updatedAt.toISOString(),
    sharedAt: row.sharedAt ? row.sharedAt.toISOString() : null,
    bindingAgreementAt: row.bindingAgreementAt ? row.bindingAgreementAt.toISOString() : null,
    signedAt: row.signedAt ? row.signedAt.toISOString() : null,
    // 'pre-approved' (spec section 3) and whether the seller side verified the letter (decision 029).
    ...(preApproved ? { preApproval: !preApproved.has(row.id) ? ('none' as const) : row.preApprovalVerifiedAt ? ('verified' as const) : ('pre-approved' as const) } : {}),
    turn: turnOf(status, turn),
  }
}

/** The buyer side's own offers on one tab, last changed first, with every tab's count. */
export async function listMyOffers(db: Db, { actor, query }: { actor: User; query: MyOffersQuery }): Promise<MyOffersPage> {
  // With the offers of the buyer-side leaders whose teams the actor is on (issue #16), marked Team and read-only.
  const { condition: scope, leaders } = await buyerSideScope(db, actor.uid)
  const [{ rows, total }, byStatus] = await Promise.all([
    listBuyerOffers(db, { buyerId: actor.uid, statuses: statusesOfTab(query.tab), page: query.page, pageSize: query.pageSize, scope, listingId: query.listingId }),
    countBuyerOffersByStatus(db, actor.uid, scope, query.listingId),
  ])
  const listings = await findOfferListings(
    db,
    rows.map((row) => row.listingId),
  )
  const counts = Object.fromEntries(OFFER_TABS.map((tab) => [tab, statusesOfTab(tab).reduce((sum, status) => sum + (byStatus.get(status) ?? 0), 0)])) as MyOffersPage['counts']
  const preApproved = await offersWithAttachmentKind(db, { offerIds: rows.map((row) => row.id), kind: 'pre-approval' })
  const items = rows.flatMap((row): OfferSummary[] => {
    const listing = listings.get(row.listingId)
    if (!listing) return []
    if (row.buyerId === actor.uid) return [{ ...toSummary(row, listing, 'buyer', preApproved), team: null }]
    return [{ ...toSummary(row, listing, 'buyer', preApproved), actions: [], team: { leaderName: leaders.get(row.buyerId) ?? '' } }]
  })
  return { items, total, page: query.page, pageSize: query.pageSize, counts }
}

/** A listing the actor manages, or reads through a brokerage (readOnly): 404 when there is none, 403 when it is neither (the listings module's words). */
async function managedListing(db: Db, actor: User, listingId: string): Promise<{ listing: OfferListingRow; readOnly: boolean }> {
  const id = listingId.trim().toLowerCase()
  const listing = isOfferId(id) ? await findOfferListing(db, id) : null
  if (!listing) throw new AppError('NOT_FOUND', 'listing.notFound')
  if (await managesListing(db, actor, listing.id)) return { listing, readOnly: false }
  if (await readsListingAsBrokerageStaff(db, actor.uid, listing.id)) return { listing, readOnly: true }
  throw new AppError('FORBIDDEN', 'listing.notYours')
}

/** The shared offers on a listing the actor manages, newest shared first; a brokerage's staff read them with no actions (decision 072). */
export async function listListingOffers(db: Db, { actor, listingId }: { actor: User; listingId: string }): Promise<OfferSummary[]> {
  const { listing, readOnly } = await managedListing(db, actor, listingId)
  const rows = await listListingOfferRows(db, { listingId: listing.id, statuses: OFFER_STATUSES.filter((status) => status !== 'draft') })
  const preApproved = await offersWithAttachmentKind(db, { offerIds: rows.map((row) => row.id), kind: 'pre-approval' })
  return rows.map((row) => {
    const summary = toSummary(row, listing, 'seller', preApproved)
    return readOnly ? { ...summary, actions: [] } : summary
  })
}

/** A criterion as the optimize grid shows it: the weight is the listing's, sent once in `weighting`. */
const shownCriterion = ({ criterion, measure, points }: { criterion: OfferWeightCriterion; measure: number | null; points: number }) => ({ criterion, measure, points })

/**
 * The open offers ranked by the weighting and measured against the list price, as the answer's
 * `offers` array serialized. Each is open; those shared compete for the escalation clauses.
 */
function rankOffers(allRows: readonly OptimizeOfferRow[], weighting: OfferListingRow['weighting'], listPrice: number | null, now: Date): { offersJson: string; validUntil: number } {
  // An offer past its expiration is no longer open, whether or not the expiry job has written it (decision 036).
  const rows = allRows.filter((row) => effectiveOfferStatus(row.status as OfferStatus, row.expiresAt, now) !== 'expired')
  const validUntil = Math.min(Infinity, ...rows.flatMap((row) => (row.expiresAt ? [row.expiresAt.getTime()] : [])))
  const byId = new Map(rows.map((row) => [row.id, { row, terms: termsOf(row) }]))
  const ranked = scoreOffers(
    [...byId.values()].map(({ row, terms }) => ({ id: row.id, terms, hasPreApproval: row.hasPreApproval, sharedAt: row.sharedAt ? row.sharedAt.toISOString() : null })),
    { ...weighting, listPrice },
  )
  const offers: OptimizeOffer[] = ranked.flatMap((entry) => {
    const found = byId.get(entry.id)
    if (!found) return []
    const { row, terms } = found
    return [
      {
        ...entry,
        criteria: entry.criteria.map(shownCriterion),
        status: row.status as OfferStatus,
        purchasePrice: row.purchasePrice,
        buyerNames: terms.buyers.map((buyer) => buyer.fullName.trim()).filter(Boolean),
        financingType: terms.financing.type,
        closingDate: terms.closingDate,
        expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
        sharedAt: row.sharedAt ? row.sharedAt.toISOString() : null,
        hasPreApproval: row.hasPreApproval,
        preApprovalVerified: row.hasPreApproval && row.preApprovalVerifiedAt !== null,
        escalation: terms.escalation,
        version: row.version,
        turn: turnOf(row.status as OfferStatus, row.turn as OfferTurn | null),
        bestDeadline: row.bestDeadline ? new Date(row.bestDeadline).toISOString() : null,
      },
    ]
  })
  return { offersJson: JSON.stringify(offers), validUntil }
}

/**
 * GET /api/listings/:id/optimize, as the bytes sent: the open offers (active and back-up) on a listing the
 * actor manages, ranked by the listing's weighting. One statement reads the listing, the manager
 * check and the offers' stamp; the ranking comes from the cache when the stamp and weighting match,
 * else the same statement with the offers and their pre-approval flags (docs/decisions/028-runtime.md).
 */
export async function optimizeListingAnswer(db: Db, { actor, listingId }: { actor: User; listingId: string }): Promise<OptimizeAnswer> {
  const id = listingId.trim().toLowerCase()
  if (!isOfferId(id)) throw new AppError('NOT_FOUND', 'listing.notFound')
  const query = { listingId: id, userId: actor.uid }
  const kept = optimizeReadOf(db, id, actor.uid)
  let read = kept?.read ?? (await readOptimize(db, { ...query, statuses: hasRanking(id) ? undefined : OPEN_OFFER_STATUSES }))
  if (!read) throw new AppError('NOT_FOUND', 'listing.notFound')
  if (!kept?.read) kept?.keep(read)
  if (!read.manages) throw new AppError('FORBIDDEN', 'listing.notYours')
  // A weighting saved before a criterion existed reads its weight as 0 (OfferWeightsSchema's default).
  const weightingOf = (row: OfferListingRow) => ({ ...row.weighting, weights: OfferWeightsSchema.parse(row.weighting.weights) })
  const weighting = weightingOf(read.listing)
  const weightingJson = JSON.stringify(weighting)
  // The ranking depends on the list price too (scores against the listing): it is part of the cache's key.
  const rankingKey = (row: OfferListingRow) => JSON.stringify({ weighting: weightingOf(row), listPrice: row.listPrice })
  const now = new Date()
  let offersJson = cachedRanking(id, read.stamp, rankingKey(read.listing), now.getTime())
  if (offersJson === null) {
    if (!read.offers) read = (await readOptimize(db, { ...query, statuses: OPEN_OFFER_STATUSES })) ?? read
    const ranked = rankOffers(read.offers ?? [], weightingOf(read.listing), read.listing.listPrice, now)
    offersJson = ranked.offersJson
    keepRanking(id, { stamp: read.stamp, weighting: rankingKey(read.listing), offersJson, validUntil: ranked.validUntil })
  }
  const head = `{"property":${JSON.stringify(propertyOf(read.listing))},"weighting":${weightingJson},"offers":`
  const ranked = offersJson
  return rankingAnswer(id, head, () => `${head}${ranked}}`)
}

/** The same answer as an object. */
export async function optimizeListing(db: Db, options: { actor: User; listingId: string }): Promise<OptimizeResult> {
  return JSON.parse((await optimizeListingAnswer(db, options)).bytes.toString('utf8')) as OptimizeResult
}
