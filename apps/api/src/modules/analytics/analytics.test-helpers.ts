import { eq } from 'drizzle-orm'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import type { listing } from '../../db/schema/listings'
import { teamMember } from '../../db/schema/listings'
import { offer } from '../../db/schema/offers'
import type { TestApp } from '../../../test/build-test-app'
import type { CreatedUser } from '../../../test/factories'
import { createTestListing, createTestOffer } from '../../../test/factories'

type ListingRow = typeof listing.$inferSelect

/** A listing of `agent` (owner and listing agent) with a chosen price, listing date and status. */
export async function listingOf(
  t: TestApp,
  agent: CreatedUser,
  { listPrice, publishedAt, standardStatus = 'Active', modifiedAt }: { listPrice: number; publishedAt: string; standardStatus?: string; modifiedAt?: string },
): Promise<ListingRow> {
  return createTestListing(t, {
    ownerId: agent.id,
    listAgentUserId: agent.id,
    listPrice,
    publishedAt: new Date(publishedAt),
    createdAt: new Date(publishedAt),
    standardStatus,
    modificationTimestamp: new Date(modifiedAt ?? publishedAt),
  })
}

/**
 * An offer with its stamps set exactly: shared and decided at the given times, at a price, expiring
 * at `expiresAt` (or long ago, so that it never counts as expiring soon by accident).
 */
export async function offerOn(
  t: TestApp,
  target: ListingRow,
  buyer: CreatedUser,
  { status, price, sharedAt, decidedAt, expiresAt }: { status: OfferStatus; price: number; sharedAt?: string; decidedAt?: string; expiresAt?: Date },
): Promise<string> {
  const created = await createTestOffer(t, { status, listing: target, buyer, terms: { purchasePrice: price } })
  await t.db
    .update(offer)
    .set({
      purchasePrice: price,
      sharedAt: sharedAt ? new Date(sharedAt) : null,
      decidedAt: decidedAt ? new Date(decidedAt) : null,
      expiresAt: expiresAt ?? new Date('2020-01-01T00:00:00Z'),
    })
    .where(eq(offer.id, created.offer.id))
  return created.offer.id
}

/** Makes `agent` a member of `broker`'s brokerage, as an accepted brokerage invitation does. */
export async function joinBrokerage(t: TestApp, broker: CreatedUser, agent: CreatedUser): Promise<void> {
  await t.db.insert(teamMember).values({ leaderId: broker.id, memberId: agent.id, brokerage: true, kind: 'agent', access: 'all' })
}
