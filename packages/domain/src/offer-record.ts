import { z } from 'zod'
import { OfferEventTypeSchema, OfferStatusSchema } from './offer-status-schemas'

/**
 * The offer record of a listing (decision 030): who was told what, and when. Its entries are the
 * listing's offer events, chained: each row's hash covers the previous row's hash and its own content,
 * so an edited, removed or reordered row breaks the chain from there on.
 */

export const LEDGER_GENESIS = '0'.repeat(64)

/** The seller side opens an offer: one 'viewed' entry per viewer per offer in this window. */
export const VIEWED_EVENT_WINDOW_MINUTES = 15

/** A row as the verifier reads it: `input` is what its hash covers, rebuilt from the stored columns. */
export type LedgerLink = { id: string; seq: number; previousHash: string; hash: string; input: string }

export type BrokenLink = { seq: number; id: string; reason: 'hash' | 'previous' | 'sequence' }

/**
 * Checks a listing's rows in sequence: 1, 2, 3… with no gap, each naming the hash before it, each
 * hash the SHA-256 of its content. Returns the first row that fails, or null when the chain holds.
 */
export function firstBrokenLedgerLink(rows: readonly LedgerLink[], sha256Hex: (text: string) => string): BrokenLink | null {
  let previous = LEDGER_GENESIS
  let expected = 1
  for (const row of rows) {
    if (row.seq !== expected) return { seq: row.seq, id: row.id, reason: 'sequence' }
    if (row.previousHash !== previous) return { seq: row.seq, id: row.id, reason: 'previous' }
    if (sha256Hex(row.input) !== row.hash) return { seq: row.seq, id: row.id, reason: 'hash' }
    previous = row.hash
    expected++
  }
  return null
}

export const LedgerEntrySchema = z.object({
  seq: z.number().int(),
  id: z.string(),
  offerId: z.string(),
  /** Who the offer is from, as the seller side knows it: the buyers' names on its terms. */
  offerLabel: z.string(),
  type: OfferEventTypeSchema,
  actorName: z.string().nullable(),
  fromStatus: OfferStatusSchema.nullable(),
  toStatus: OfferStatusSchema.nullable(),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
  hash: z.string(),
})
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>

export const LedgerVerificationSchema = z.object({
  ok: z.boolean(),
  /** How many rows of the listing's chain were checked. */
  checked: z.number().int(),
  broken: z.object({ seq: z.number().int(), id: z.string(), reason: z.enum(['hash', 'previous', 'sequence']) }).nullable(),
})
export type LedgerVerification = z.infer<typeof LedgerVerificationSchema>

export const OfferRecordSchema = z.object({
  listingId: z.string(),
  address: z.string().nullable(),
  /** America/Chicago or America/New_York: the entries' times are written in it. */
  timeZone: z.string(),
  /** 'listing': the seller side sees every entry; 'own-offers': a buyer side sees its own offers' entries. */
  scope: z.enum(['listing', 'own-offers']),
  entries: z.array(LedgerEntrySchema),
})
export type OfferRecord = z.infer<typeof OfferRecordSchema>
