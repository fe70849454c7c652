import { z } from 'zod'
import { BrokerageRuleSchema, FILE_DOCUMENT_KINDS, FILE_SIDES, FILE_SLOT_KINDS } from './file-checklist'
import { FINDING_ACTORS, FINDING_CODES } from './file-audit'
import { key } from './messages'
import { queryWholeNumber } from './paging'
import { PROPERTY_TYPES } from './listing-values'

/**
 * The brokerage's file of a transaction as the API answers it (issue #35, decision 068): its slots
 * with the documents filed in each, the audit, and what the viewer may do; the principal broker's
 * review queue; and the brokerage's own rules. The texts are messages the browser writes in the
 * reader's language.
 */

export const FILE_DOCUMENT_SOURCES = ['upload', 'packet', 'trust'] as const
export type FileDocumentSource = (typeof FILE_DOCUMENT_SOURCES)[number]
export const FILE_DOCUMENT_REVIEWS = ['pending', 'approved', 'returned'] as const
export type FileDocumentReview = (typeof FILE_DOCUMENT_REVIEWS)[number]

/** A returned document's note, in characters. */
export const FILE_REVIEW_NOTE_MAX = 1000

const MessageSchema = z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })

export const FileSideSchema = z.enum(FILE_SIDES, { error: key('file.sideUnknown') })

export const FileDocumentViewSchema = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  kind: z.enum(FILE_DOCUMENT_KINDS),
  source: z.enum(FILE_DOCUMENT_SOURCES),
  review: z.enum(FILE_DOCUMENT_REVIEWS),
  reviewNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  uploadedAt: z.string(),
  uploadedByName: z.string().nullable(),
  /** The document filed in its place after it was returned; a superseded document is kept, not audited. */
  supersededBy: z.string().nullable(),
})
export type FileDocumentView = z.infer<typeof FileDocumentViewSchema>

export const FileFindingSchema = z.object({
  code: z.enum(FINDING_CODES),
  where: z.object({ slot: z.string().optional(), documentId: z.string().optional(), packetId: z.string().optional(), fieldId: z.string().optional(), noticeId: z.string().optional() }),
  who: z.enum(FINDING_ACTORS),
  whoName: z.string().optional(),
  text: MessageSchema,
})

export const FileAuditViewSchema = z.object({ clean: z.boolean(), findings: z.array(FileFindingSchema) })

export const FileSlotViewSchema = z.object({
  key: z.string(),
  kind: z.enum(FILE_SLOT_KINDS),
  title: MessageSchema,
  why: MessageSchema,
  accepts: z.array(z.enum(FILE_DOCUMENT_KINDS)),
  documents: z.array(FileDocumentViewSchema),
})

export const TransactionFileViewSchema = z.object({
  offerId: z.string(),
  side: z.enum(FILE_SIDES),
  address: z.string(),
  agentName: z.string(),
  closedAt: z.string().nullable(),
  canReview: z.boolean(),
  canUpload: z.boolean(),
  canClose: z.boolean(),
  slots: z.array(FileSlotViewSchema),
  audit: FileAuditViewSchema,
})
export type TransactionFileView = z.infer<typeof TransactionFileViewSchema>

/** POST …/documents/:documentId/review: approve, or return with a note saying what to fix. */
export const FileReviewSchema = z
  .object({
    decision: z.enum(['approve', 'return'], { error: key('file.decisionUnknown') }),
    note: z.string({ error: key('file.noteRequired') }).trim().max(FILE_REVIEW_NOTE_MAX, key('file.noteTooLong')).optional(),
  })
  .refine((review) => review.decision !== 'return' || (review.note ?? '') !== '', { message: key('file.noteRequired'), path: ['note'] })
export type FileReview = z.infer<typeof FileReviewSchema>

export const FileClosedSchema = z.object({ closedAt: z.string() })

export const REVIEW_QUEUE_STATES = ['all', 'needsReview', 'returned', 'clean', 'closed'] as const
export type ReviewQueueState = (typeof REVIEW_QUEUE_STATES)[number]

export const ReviewQueueQuerySchema = z.object({
  state: z.enum(REVIEW_QUEUE_STATES, { error: key('file.queueStateUnknown') }).default('all'),
  page: queryWholeNumber(10_000, 'listing.pageRange').default(1),
  pageSize: queryWholeNumber(100, 'listing.pageSizeRange').default(20),
})
export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuerySchema>

export const ReviewQueueItemSchema = z.object({
  offerId: z.string(),
  side: z.enum(FILE_SIDES),
  address: z.string(),
  agentName: z.string(),
  pending: z.number().int(),
  returned: z.number().int(),
  findings: z.number().int(),
  clean: z.boolean(),
  closedAt: z.string().nullable(),
})
export type ReviewQueueItem = z.infer<typeof ReviewQueueItemSchema>

export const ReviewQueuePageSchema = z.object({ items: z.array(ReviewQueueItemSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
export type ReviewQueuePage = z.infer<typeof ReviewQueuePageSchema>

export const BrokerageRuleViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  side: z.enum(FILE_SIDES).nullable(),
  propertyTypes: z.array(z.enum(PROPERTY_TYPES)),
  minPrice: z.number().int().nullable(),
  maxPrice: z.number().int().nullable(),
})
export type BrokerageRuleView = z.infer<typeof BrokerageRuleViewSchema>
export const BrokerageRulesSchema = z.object({ rules: z.array(BrokerageRuleViewSchema) })
export { BrokerageRuleSchema }
