import type { ApiKeyScope } from '@offerbook/domain/api-keys'
import type { FeedEntry, FeedEventType, FeedPage, FeedQuery, FeedResource } from '@offerbook/domain/integrations'
import { FEED_EVENT_TYPES } from '@offerbook/domain/integrations'
import type { Db } from '../../db/client'
import type { FeedRow } from './feed.queries'
import { feedRows, sequenceFeed } from './feed.queries'

/**
 * The event feed (issue #37 item 3, decision 080): the owner's own live events (offer.changed and
 * signing.changed rows of app_event, written for exactly the people who may see the change, the
 * rule of events.service.ts) numbered in commit order, as RESO EntityEvent entries. The entity is
 * read at its own endpoint, which checks access again.
 */

type Source = { resource: FeedResource; scope: ApiKeyScope; key: string; url: (key: string) => string; what: string }

/** Each type of the domain's list, as an entry: a type without one does not compile. */
const SOURCES: Readonly<Record<FeedEventType, Source>> = {
  'offer.changed': { resource: 'Offer', scope: 'offers:read', key: 'offerId', url: (key) => `/api/offers/${key}`, what: 'status' },
  'signing.changed': { resource: 'SigningPacket', scope: 'records:read', key: 'packetId', url: (key) => `/api/signing/packets/${key}`, what: 'status' },
  // A listing's entity is read as the RESO Property (GET /api/reso/Property, same key and scope) or at its own page's endpoint.
  'listing.changed': { resource: 'Property', scope: 'listings:read', key: 'listingId', url: (key) => `/api/listings/${key}`, what: 'change' },
}

const isFeedType = (type: string): type is FeedEventType => (FEED_EVENT_TYPES as readonly string[]).includes(type)

function toEntry(row: FeedRow): FeedEntry | null {
  const source = isFeedType(row.type) ? SOURCES[row.type] : undefined
  const key = source ? row.data[source.key] : undefined
  if (!source || typeof key !== 'string') return null
  return {
    EntityEventSequence: row.feedSequence,
    ResourceName: source.resource,
    ResourceRecordKey: key,
    ResourceRecordURL: source.url(key),
    EventType: typeof row.data[source.what] === 'string' ? String(row.data[source.what]) : 'changed',
    ModificationTimestamp: row.createdAt.toISOString(),
  }
}

/**
 * One page of the caller's feed after `since`. Entries of a resource the key's scopes cannot read
 * (signing without records:read) are left out; the sequence still moves past them.
 */
export async function readFeed(db: Db, { userId, scopes, query }: { userId: string; scopes: readonly ApiKeyScope[]; query: FeedQuery }): Promise<FeedPage> {
  // Every type is numbered, whoever reads: the numbering does not depend on the reader.
  await sequenceFeed(db, FEED_EVENT_TYPES)
  const types = FEED_EVENT_TYPES.filter((type) => scopes.includes(SOURCES[type].scope))
  const rows = types.length === 0 ? [] : await feedRows(db, { recipient: userId, types, since: query.since, limit: query.limit + 1 })
  const page = rows.slice(0, query.limit)
  const value = page.map(toEntry).filter((entry): entry is FeedEntry => entry !== null)
  return { value, next: page.at(-1)?.feedSequence ?? query.since, more: rows.length > query.limit }
}
