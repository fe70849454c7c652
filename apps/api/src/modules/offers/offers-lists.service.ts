import type { MyOffersPage, MyOffersQuery, OfferSummary } from '@offerbook/domain/offer'
import type { OptimizeResult } from '@offerbook/domain/offer-scoring'
import { scoreOffers } from '@offerbook/domain/offer-scoring'
import type { OfferActor, OfferStatus, OfferTurn } from '@offerbook/domain/offer-status'
import { allowedOfferActions, OFFER_STATUSES, OFFER_TABS, OPEN_OFFER_STATUSES, statusesOfTab, turnOf } from '@offerbook/domain/offer-status'
import type { User } from '@offerbook/domain/user'
import { OfferWeightsSchema } from '@offerbook/domain/listing-settings'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { managesListing } from '../listings/listings.service'
import { buyerSideScope } from '../teams/team-access'
import type { OfferListingRow, OfferListRow } from './offers.queries'
import { countBuyerOffersByStatus, findOfferListing, findOfferListings, listBuyerOffers, listListingOffers as listListingOfferRows, offersWithAttachmentKind } from './offers.queries'
import { isOfferId, propertyOf, termsOf } from './offers-access'

/** The lists of offers: the buyer side's own, a listing's for its seller side, and a listing's open offers ranked. */

function toSummary(row: OfferListRow, listing: OfferListingRow, side: OfferActor, preApproved?: ReadonlySet<string>): OfferSummary {
  const terms = termsOf(row)
  const status = row.status as OfferStatus
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

/** A listing the actor manages: 404 when there is none, 403 when it is not theirs (the listings module's words). */
async function managedListing(db: Db, actor: User, listingId: string): Promise<OfferListingRow> {
  const id = listingId.trim().toLowerCase()
  const listing = isOfferId(id) ? await findOfferListing(db, id) : null
  if (!listing) throw new AppError('NOT_FOUND', 'listing.notFound')
  if (!(await managesListing(db, actor, listing.id))) throw new AppError('FORBIDDEN', 'listing.notYours')
  return listing
}

/** The shared offers on a listing the actor manages, newest shared first. */
export async function listListingOffers(db: Db, { actor, listingId }: { actor: User; listingId: string }): Promise<OfferSummary[]> {
  const listing = await managedListing(db, actor, listingId)
  const rows = await listListingOfferRows(db, { listingId: listing.id, statuses: OFFER_STATUSES.filter((status) => status !== 'draft') })
  const preApproved = await offersWithAttachmentKind(db, { offerIds: rows.map((row) => row.id), kind: 'pre-approval' })
  return rows.map((row) => toSummary(row, listing, 'seller', preApproved))
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
    { ...listing.weighting, weights: OfferWeightsSchema.parse(listing.weighting.weights) },
  )
  return {
    property: propertyOf(listing),
    weighting: { ...listing.weighting, weights: OfferWeightsSchema.parse(listing.weighting.weights) },
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
          preApprovalVerified: preApproved.has(row.id) && row.preApprovalVerifiedAt !== null,
          escalation: terms.escalation,
          version: row.version,
          turn: turnOf(row.status as OfferStatus, row.turn as OfferTurn | null),
          bestDeadline: row.bestDeadline ? row.bestDeadline.toISOString() : null,
        },
      ]
    }),
  }
}
