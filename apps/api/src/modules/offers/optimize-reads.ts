import type { Db, Listen } from '../../db/client'
import type { OptimizeRead } from './offers.queries'

/**
 * What GET /api/listings/:id/optimize reads before it ranks (the listing, the actor's right to manage
 * it, the offers' stamp), kept in memory per listing and actor on the embedded database (decision
 * 035). Migration 0015's triggers NOTIFY `offerbook_optimize` after every statement on the tables it
 * reads from; PGlite runs in this process and calls its listeners before the writing statement's
 * caller goes on, so every kept read is dropped before anyone can ask again. A read that was under
 * way while a change was heard is not kept (it may have read the state before the change).
 *
 * On PostgreSQL a NOTIFY reaches the other processes a moment after the commit, so there the
 * statement runs for every answer (about 0.6 ms of CPU), and nothing is kept.
 */
export const OPTIMIZE_CHANNEL = 'offerbook_optimize'

/** Listing-and-actor reads kept at most; past it, the oldest go. */
const MAX_READS = 10_000

type Kept = { reads: Map<string, OptimizeRead>; generation: number }

const keptByDb = new WeakMap<Db, Kept>()

/** Starts keeping reads for this database; returns what stops it. Only for PGlite (see above). */
export async function keepOptimizeReads(db: Db, listen: Listen): Promise<() => Promise<void>> {
  const kept: Kept = { reads: new Map(), generation: 0 }
  const unlisten = await listen(OPTIMIZE_CHANNEL, () => {
    kept.generation += 1
    kept.reads.clear()
  })
  keptByDb.set(db, kept)
  return async () => {
    if (keptByDb.get(db) === kept) keptByDb.delete(db)
    // A database already closed has no LISTEN left to end.
    await unlisten().catch(() => {})
  }
}

const keyOf = (listingId: string, userId: string) => `${listingId}/${userId}`

/**
 * The kept read, or a `keep` for the read about to be made (null where nothing is kept: PostgreSQL, or
 * a Db of its own, as the tests' counting one).
 */
export function optimizeReadOf(db: Db, listingId: string, userId: string): { read: OptimizeRead | undefined; keep: (read: OptimizeRead) => void } | null {
  const kept = keptByDb.get(db)
  if (!kept) return null
  const key = keyOf(listingId, userId)
  const generation = kept.generation
  return {
    read: kept.reads.get(key),
    keep: (read) => {
      // A change was heard while the read was under way: it may predate the change.
      if (kept.generation !== generation) return
      if (kept.reads.size >= MAX_READS) {
        const oldest = kept.reads.keys().next()
        if (!oldest.done) kept.reads.delete(oldest.value)
      }
      // Only the head (no offers): the ranking has its own cache, keyed by the stamp.
      kept.reads.set(key, { ...read, offers: null })
    },
  }
}
