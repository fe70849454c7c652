import type { Db } from '../../db/client'
import { listingBrokerageReaders, offerTeamReaders } from '../teams/team-access'
import { anyKeyReadsListings, listingAudience, listingLeaders, offerAudience, packetAudience } from './events.queries'
import { publishEvent } from './events.publish'

/**
 * What other modules call to tell the live streams of a change, in the change's transaction
 * (docs/decisions/021-live-events.md). Who is told follows who may see the thing.
 */

type OfferParties = { id: string; listingId: string; buyerId: string }

/**
 * Everyone who may read an offer: its buyer, everyone who manages its listing (owner, listing agent,
 * their teams), and whoever reads it through the buyer's team or a brokerage (team-access.ts, read the
 * other way; decision 072). The feed covers what a key's owner sees through the pages (decision 080).
 */
async function offerReaders(db: Db, row: OfferParties): Promise<string[]> {
  const [known, leaders] = await Promise.all([offerAudience(db, row), listingLeaders(db, row.listingId)])
  return [...known, ...(await offerTeamReaders(db, row, { agentIds: [row.buyerId, ...leaders], known }))]
}

/** Everyone who manages a listing, and the brokerage staff who read it (read-only; not a draft). */
async function listingReaders(db: Db, listingId: string): Promise<string[]> {
  const [known, leaders] = await Promise.all([listingAudience(db, listingId), listingLeaders(db, listingId)])
  return [...known, ...(await listingBrokerageReaders(db, listingId, { agentIds: leaders, known }))]
}

/** A shared offer changed: everyone who may read it (offerReaders). `event` is the offer event's type (shared, countered...), which names its webhook (decision 079). */
export async function publishOfferChanged(tx: Db, row: OfferParties, status: string, event?: string): Promise<void> {
  await publishEvent(tx, { recipients: await offerReaders(tx, row), type: 'offer.changed', data: { offerId: row.id, listingId: row.listingId, status, ...(event ? { event } : {}) } })
}

/** A step of a signing packet: the parties of its offer with an account, and who sent it. `status` is the step. */
export async function publishSigningChanged(tx: Db, packetId: string, status: string): Promise<void> {
  const audience = await packetAudience(tx, packetId)
  if (audience) await publishEvent(tx, { recipients: audience.recipients, type: 'signing.changed', data: { packetId, offerId: audience.offerId, status } })
}

/** What a listing write was, as its feed entry's EventType says it. */
export type ListingChangeKind = 'created' | 'status' | 'changed'

/**
 * Listings were created or changed: everyone who manages each is told (the feed's `Property` entries,
 * decision 080), when some key in force may read listings; no page follows them. In the change's transaction.
 */
export async function publishListingsChanged(tx: Db, ids: readonly string[], change: ListingChangeKind): Promise<void> {
  if (ids.length === 0 || !(await anyKeyReadsListings(tx))) return
  for (const listingId of ids) {
    await publishEvent(tx, { recipients: await listingReaders(tx, listingId), type: 'listing.changed', data: { listingId, change } })
  }
}

/** Who may see an offer now (the webhooks job checks an owner against it at delivery, decision 079). */
export function offerAudienceNow(db: Db, row: OfferParties): Promise<string[]> {
  return offerReaders(db, row)
}

/** Who may see a listing now. */
export function listingAudienceNow(db: Db, listingId: string): Promise<string[]> {
  return listingReaders(db, listingId)
}

/** Who may see a signing packet now. */
export async function packetAudienceNow(db: Db, packetId: string): Promise<string[]> {
  return (await packetAudience(db, packetId))?.recipients ?? []
}
