/**
 * The optimize ranking of each listing, computed once and kept serialized (docs/decisions/028-runtime.md).
 * An entry holds for the stamp of the listing's offers and the weighting it was ranked with; every
 * answer reads the current stamp in the same statement as the manager check, so a change made through
 * another process is seen at once. The offers' own events drop the entry in this process early.
 */

type Entry = { stamp: string; weighting: string; offersJson: string }

/**
 * The characters kept at most, all listings together (a JavaScript string of JSON takes about one
 * byte a character): 200 offers take some 200,000. The least recently read listing goes first.
 */
const MAX_CHARACTERS = 16_000_000

const entries = new Map<string, Entry>()
let characters = 0

function remove(listingId: string): void {
  const entry = entries.get(listingId)
  if (!entry) return
  entries.delete(listingId)
  characters -= entry.offersJson.length
}

/** The serialized ranked offers when they were ranked for this stamp and weighting. */
export function cachedRanking(listingId: string, stamp: string, weighting: string): string | null {
  const entry = entries.get(listingId)
  if (!entry) return null
  if (entry.stamp !== stamp || entry.weighting !== weighting) {
    remove(listingId)
    return null
  }
  // Read again: it moves to the end, the last to be dropped.
  entries.delete(listingId)
  entries.set(listingId, entry)
  return entry.offersJson
}

export function keepRanking(listingId: string, entry: Entry): void {
  remove(listingId)
  entries.set(listingId, entry)
  characters += entry.offersJson.length
  while (characters > MAX_CHARACTERS && entries.size > 1) {
    const oldest = entries.keys().next()
    if (oldest.done) break
    remove(oldest.value)
  }
}

/** Something changed on an offer of the listing: its ranking is computed again at the next read. */
export function dropRanking(listingId: string): void {
  remove(listingId)
}

/** Whether the listing's ranking is held (tests). */
export function hasRanking(listingId: string): boolean {
  return entries.has(listingId)
}
