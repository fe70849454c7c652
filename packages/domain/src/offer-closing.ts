import { z } from 'zod'
import type { MessageKey } from './messages'
import { OFFER_LIMITS } from './offer-terms'
import { freeText } from './validation'

/**
 * Closing an accepted offer (issue #34 item 5, decision 061): one side's agent records the closing
 * date and the final price, the other side confirms (the offer becomes closed) or disputes it (the
 * record is cleared, with a reason). The API guards with these rules and the web's dialog checks
 * with the same ones.
 */

export const OFFER_SIDES = ['buyer', 'seller'] as const
export type ClosingSide = (typeof OFFER_SIDES)[number]

/** A final price further than this share from the contract's price asks for a confirmation, as an unusual offer price does. */
export const CLOSING_PRICE_DIFFERENCE = 0.2
export const CLOSING_DISPUTE_REASON_MAX = 1000

/** POST /api/offers/:id/closing: the closing date (YYYY-MM-DD, the property's calendar), the final price, and `confirmed` for an unusual price. */
export const RecordClosingSchema = z.object({
  closingDate: z.iso.date({ error: 'offerTerms.invalidDate' }),
  // The same rule as the offer's purchase price.
  finalPrice: z.number({ error: 'offerTerms.priceRange' }).int('offerTerms.wholeDollars').min(OFFER_LIMITS.minPrice, 'offerTerms.priceRange').max(OFFER_LIMITS.maxPrice, 'offerTerms.priceRange'),
  confirmed: z.boolean().default(false),
})
export type RecordClosing = z.infer<typeof RecordClosingSchema>

/** POST /api/offers/:id/closing/dispute: why the figures are wrong; the side that recorded them reads it. */
export const DisputeClosingSchema = z.object({
  reason: freeText({ error: 'common.required' }).trim().min(1, 'common.required').max(CLOSING_DISPUTE_REASON_MAX, 'common.tooLong'),
})
export type DisputeClosing = z.infer<typeof DisputeClosingSchema>

/** What the offer shows of its closing: the figures recorded, by which side, and when the other side confirmed them (null while it waits). */
export const OfferClosingSchema = z.object({
  closingDate: z.string(),
  finalPrice: z.number().int(),
  recordedSide: z.enum(OFFER_SIDES),
  recordedByName: z.string().nullable(),
  recordedAt: z.string(),
  confirmedAt: z.string().nullable(),
})
export type OfferClosing = z.infer<typeof OfferClosingSchema>

/** The share the final price differs from the contract's price by, when it is more than CLOSING_PRICE_DIFFERENCE; null otherwise. */
export function closingPriceDifference(finalPrice: number | null, contractPrice: number | null): number | null {
  if (finalPrice === null || contractPrice === null || contractPrice <= 0) return null
  const share = Math.abs(finalPrice - contractPrice) / contractPrice
  return share > CLOSING_PRICE_DIFFERENCE ? Math.round(share * 1000) / 10 : null
}

/**
 * What is wrong with a closing date, all dates YYYY-MM-DD in the property's calendar: after today,
 * or before the Binding Agreement Date. ISO dates compare as text.
 */
export function closingDateProblem(closingDate: string, { today, bindingDate }: { today: string; bindingDate: string }): MessageKey | null {
  if (closingDate > today) return 'offer.closingDateFuture'
  if (closingDate < bindingDate) return 'offer.closingDateBeforeBinding'
  return null
}
