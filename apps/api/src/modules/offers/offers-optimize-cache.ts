/**
 * The optimize ranking of each listing, computed once and kept serialized (docs/decisions/028-runtime.md).
 * An entry holds for the stamp of the listing's offers and the weighting it was ranked with; every
 * answer reads the current stamp in the same statement as the manager check, so a change made through
 * another process is seen at once. The offers' own events drop the entry in this process early.
 */

type Entry = { stamp: string; weighting: string; offersJson: string }

/** Listings kept at most; the least recently read goes first. 200 offers take about 200 KB. */
const MAX_LISTINGS = 200

const entries = new Map<string, Entry>()

/** The serialized ranked offers when they were ranked for this stamp and weighting. */
export function cachedRanking(listingId: string, stamp: string, weighting: string): string | null {
  const entry = entries.get(listingId)
  if (!entry) return null
  if (entry.stamp !== stamp || entry.weighting !== weighting) {
    entries.delete(listingId)
    return null
  }
  // Read again: it moves to the end, the last to be dropped.
  entries.delete(listingId)
  entries.set(listingId, entry)
  return entry.offersJson
}

export function keepRanking(listingId: string, entry: Entry): void {
  entries.delete(listingId)
  entries.set(listingId, entry)
  while (entries.size > MAX_LISTINGS) {
    const oldest = entries.keys().next()
    if (oldest.done) break
    entries.delete(oldest.value)
  }
}

/** Something changed on an offer of the listing: its ranking is computed again at the next read. */
export function dropRanking(listingId: string): void {
  entries.delete(listingId)
}

/** Whether the listing's ranking is held (tests). */
export function hasRanking(listingId: string): boolean {
  return entries.has(listingId)
}
