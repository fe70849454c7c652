import { isUuid } from '@offerbook/domain/validation'
import type { Db } from '../../db/client'
import type { ListingWebhookType } from '../webhooks/webhooks.enqueue'
import type { ListingChangeKind } from '../events/events.service'
import { enqueueWebhooksForListings } from '../webhooks/webhooks.enqueue'
import { publishListingsChanged } from '../events/events.service'
import { notifyListingsChannel } from './listing-changes.queries'

/**
 * Listing change events (docs/decisions/027-search-index.md): every write that can change what the
 * public search shows (a listing row, its photos, its owner's deactivation) NOTIFYs this channel in
 * its own transaction, and each process's search index reloads what the payload names. PostgreSQL
 * delivers the NOTIFY at commit and drops it at rollback; PGlite does the same within its process.
 */
export const LISTINGS_CHANNEL = 'offerbook_listings'

/** A payload names listing ids (`l:<id>,<id>`), an owner whose listings all reload (`o:<user id>`), or everything (`*`). */
export type ListingChange = { kind: 'listings'; ids: string[] } | { kind: 'owner'; ownerId: string } | { kind: 'all' }

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: ids go in chunks well under it. */
const IDS_PER_NOTIFY = 150

/** Told of every change written by this process (after its statement, maybe before its commit): the index re-reads those rows before its next answer, so a caller reads its own write. */
type LocalListener = (change: ListingChange) => void
const localListeners = new Set<LocalListener>()

export function onLocalListingChange(listener: LocalListener): () => void {
  localListeners.add(listener)
  return () => localListeners.delete(listener)
}

function tellLocal(change: ListingChange): void {
  for (const listener of localListeners) listener(change)
}

async function notify(db: Db, payload: string): Promise<void> {
  await notifyListingsChannel(db, LISTINGS_CHANNEL, payload)
}

/**
 * The listings with these ids changed (created, edited, deleted, photos): pass the transaction of the
 * change, and what it was for the owners' webhooks (`listing.created`, `listing.status`; else `listing.changed`).
 */
export async function listingsChanged(db: Db, ids: readonly string[], webhook: ListingWebhookType = 'listing.changed'): Promise<void> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return
  for (let start = 0; start < unique.length; start += IDS_PER_NOTIFY) {
    const chunk = unique.slice(start, start + IDS_PER_NOTIFY)
    await notify(db, `l:${chunk.join(',')}`)
  }
  await enqueueWebhooksForListings(db, unique, webhook)
  await publishListingsChanged(db, unique, FEED_CHANGE[webhook])
  tellLocal({ kind: 'listings', ids: unique })
}

const FEED_CHANGE = { 'listing.created': 'created', 'listing.status': 'status', 'listing.changed': 'changed' } as const satisfies Record<ListingWebhookType, ListingChangeKind>

/** Every listing of this owner may have changed for search (deactivated, reactivated, erased). */
export async function ownerListingsChanged(db: Db, ownerId: string): Promise<void> {
  await notify(db, `o:${ownerId}`)
  tellLocal({ kind: 'owner', ownerId })
}


/** The change a payload names; null for anything else (ignored). */
export function parseListingChange(payload: string): ListingChange | null {
  if (payload === '*') return { kind: 'all' }
  if (payload.startsWith('o:')) {
    const ownerId = payload.slice(2)
    return ownerId.length > 0 && ownerId.length <= 200 ? { kind: 'owner', ownerId } : null
  }
  if (payload.startsWith('l:')) {
    const ids = payload
      .slice(2)
      .split(',')
      .filter((id) => isUuid(id))
      .map((id) => id.toLowerCase())
    return ids.length > 0 ? { kind: 'listings', ids } : null
  }
  return null
}
