import type { KeptAnswer } from '../../http/kept-answer'
import { keptAnswer } from '../../http/kept-answer'

/**
 * The optimize ranking of each listing, computed once and kept serialized (docs/decisions/028-runtime.md).
 * An entry holds for the stamp of the listing's offers and the weighting it was ranked with; every
 * answer reads the current stamp in the same statement as the manager check, so a change made through
 * another process is seen at once. The offers' own events drop the entry in this process early.
 */

type Entry = {
  stamp: string
  weighting: string
  offersJson: string
  /**
   * The instant the first of its offers expires (ms; Infinity when none has an expiration): from then
   * that offer is no longer open and the ranking is made again, though no row changed (decision 036).
   */
  validUntil: number
  /** The whole answer as sent, for the listing's fields it was made with (they may change without the offers). */
  answer?: OptimizeAnswer & { head: string; size: number }
}

/** An optimize answer as sent: its bytes, and the same compressed, made at the first ask and kept with them. */
export type OptimizeAnswer = KeptAnswer

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
  characters -= entry.offersJson.length + (entry.answer?.size ?? 0)
}

/** The serialized ranked offers when they were ranked for this stamp and weighting, and none of them has expired since. */
export function cachedRanking(listingId: string, stamp: string, weighting: string, now = Date.now()): string | null {
  const entry = entries.get(listingId)
  if (!entry) return null
  if (entry.stamp !== stamp || entry.weighting !== weighting || now >= entry.validUntil) {
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

/**
 * The whole answer as bytes, made once per ranking and listing head (the listing's fields and the
 * weighting as JSON): a repeated read sends them as they are, without building 200 offers' text again.
 */
export function rankingAnswer(listingId: string, head: string, make: () => string): OptimizeAnswer {
  const entry = entries.get(listingId)
  if (entry?.answer?.head === head) return entry.answer
  const bytes = Buffer.from(make(), 'utf8')
  if (!entry) return keptAnswer(bytes)
  characters -= entry.answer?.size ?? 0
  const answer = { head, size: bytes.length, ...keptAnswer(bytes, (extra) => grow(listingId, entry, extra)) }
  characters += bytes.length
  entry.answer = answer
  return answer
}

function grow(listingId: string, entry: Entry, extra: number): void {
  // Only while the entry is still the one kept (a dropped one is already out of the count).
  if (!entry.answer || entries.get(listingId) !== entry) return
  entry.answer.size += extra
  characters += extra
}

/** Something changed on an offer of the listing: its ranking is computed again at the next read. */
export function dropRanking(listingId: string): void {
  remove(listingId)
}

/** Whether the listing's ranking is held (tests). */
export function hasRanking(listingId: string): boolean {
  return entries.has(listingId)
}
