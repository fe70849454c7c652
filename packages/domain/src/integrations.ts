import { z } from 'zod'
import { queryWholeNumber } from './paging'

/**
 * The event feed and the RESO Property export (issue #37 items 3 and 4, decision 080): what a
 * brokerage's own systems read with an API key.
 */

// ---------------------------------------------------------------------------------------------
// The event feed, in the shape of RESO EntityEvent (RCP-27)

export const FEED_MAX_LIMIT = 500
export const FEED_DEFAULT_LIMIT = 100

export const FeedQuerySchema = z.object({
  /** The EntityEventSequence of the last entry read; 0 (the default) reads from the start. */
  since: z
    .string()
    .regex(/^\d{1,15}$/, 'feed.sinceInvalid')
    .default('0')
    .transform((value) => Number(value)),
  limit: queryWholeNumber(FEED_MAX_LIMIT, 'feed.limitRange').default(FEED_DEFAULT_LIMIT),
})
export type FeedQuery = z.infer<typeof FeedQuerySchema>

export const FEED_RESOURCES = ['Offer', 'SigningPacket'] as const
export type FeedResource = (typeof FEED_RESOURCES)[number]

export const FeedEntrySchema = z.object({
  /** Only grows; the feed is read in its order. */
  EntityEventSequence: z.number().int(),
  ResourceName: z.enum(FEED_RESOURCES),
  ResourceRecordKey: z.string(),
  /** Where the entity itself is read (with the same key and its scope). */
  ResourceRecordURL: z.string(),
  /** What happened: the offer's new status (shared, countered, accepted…) or the signing step (sent, completed…). */
  EventType: z.string(),
  ModificationTimestamp: z.string(),
})
export type FeedEntry = z.infer<typeof FeedEntrySchema>

export const FeedPageSchema = z.object({
  value: z.array(FeedEntrySchema),
  /** The since of the next read: the last entry's sequence, or the one given when there was none. */
  next: z.number().int(),
  /** Whether more entries were ready past this page (read again with since=next at once). */
  more: z.boolean(),
})
export type FeedPage = z.infer<typeof FeedPageSchema>
