import { TIMELINE_KINDS, TIMELINE_OWNERS } from './contract-timeline'
import { TIMELINE_STATES } from './contract-timeline-view'
import { z } from 'zod'
import { PrincipalBrokerStatusSchema } from './user'
import { PIPELINE_STAGES } from './dashboard-values'

export type { DashboardSection } from './dashboard-values'
export { DASHBOARD_SECTIONS, dashboardSectionOrder, PIPELINE_STAGES } from './dashboard-values'

/**
 * /dashboard (issue #16): what the signed-in user should do next. Every item carries `href`, the page
 * of the app where it is done, so the web shows links and never rebuilds the rules.
 */
export const DashboardPropertySchema = z.object({ listingId: z.string(), address: z.string() })

export const DashboardDraftSchema = DashboardPropertySchema.extend({ offerId: z.string(), purchasePrice: z.number().nullable(), updatedAt: z.string(), href: z.string() })
export type DashboardDraft = z.infer<typeof DashboardDraftSchema>

export const DashboardOfferToAnswerSchema = DashboardPropertySchema.extend({
  offerId: z.string(),
  buyerName: z.string(),
  purchasePrice: z.number().nullable(),
  sharedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  href: z.string(),
})
export type DashboardOfferToAnswer = z.infer<typeof DashboardOfferToAnswerSchema>

export const DashboardDocumentSchema = DashboardPropertySchema.extend({ packetId: z.string(), offerId: z.string(), title: z.string(), sentAt: z.string().nullable(), href: z.string() })
export type DashboardDocument = z.infer<typeof DashboardDocumentSchema>

/** How far ahead the dashboards look for deadlines; a missed one stays listed as long after its day. */
export const DEADLINE_WINDOW_DAYS = 14

/** An item of a contract's timeline (contract-timeline.ts), with its owner and its state now (contract-timeline-view.ts). */
export const DashboardDeadlineSchema = DashboardPropertySchema.extend({
  offerId: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  owner: z.enum(TIMELINE_OWNERS),
  state: z.enum(TIMELINE_STATES),
  /** YYYY-MM-DD in the property's time zone. */
  date: z.string(),
  href: z.string(),
})
export type DashboardDeadline = z.infer<typeof DashboardDeadlineSchema>

export const DashboardSchema = z.object({
  drafts: z.array(DashboardDraftSchema),
  offersToAnswer: z.array(DashboardOfferToAnswerSchema),
  documentsToSign: z.array(DashboardDocumentSchema),
  deadlines: z.array(DashboardDeadlineSchema),
})
export type Dashboard = z.infer<typeof DashboardSchema>

// ---------------------------------------------------------------------------------------------
// /pbDashboard: the pipeline

export const PipelineStageSchema = z.enum(PIPELINE_STAGES)
export type PipelineStage = z.infer<typeof PipelineStageSchema>

export const TRANSACTION_SIDES = ['listing', 'buyer'] as const
export const TransactionSideSchema = z.enum(TRANSACTION_SIDES)
export type TransactionSide = z.infer<typeof TransactionSideSchema>

export const PipelineTransactionSchema = DashboardPropertySchema.extend({
  /** The listing on the listing side; the user's offer on the buyer side. */
  id: z.string(),
  side: TransactionSideSchema,
  stage: PipelineStageSchema,
  listPrice: z.number().nullable(),
  openOffers: z.number().int(),
  /** Through a team: the leader's name. */
  teamOf: z.string().nullable(),
  href: z.string(),
})
export type PipelineTransaction = z.infer<typeof PipelineTransactionSchema>

export const ATTENTION_KINDS = ['offerExpiring', 'signingWaiting', 'draftUnshared'] as const
export const AttentionKindSchema = z.enum(ATTENTION_KINDS)
export type AttentionKind = z.infer<typeof AttentionKindSchema>

/** The attention rules: an open offer expiring within a day, a packet out for 2 days, a draft kept for 3. */
export const ATTENTION_RULES = { offerExpiringHours: 24, signingWaitingDays: 2, draftUnsharedDays: 3 } as const

export const AttentionItemSchema = DashboardPropertySchema.extend({ kind: AttentionKindSchema, offerId: z.string(), at: z.string(), href: z.string() })
export type AttentionItem = z.infer<typeof AttentionItemSchema>

export const BrokeragePersonSchema = z.object({ name: z.string(), email: z.string() })
export const TeamPersonSchema = BrokeragePersonSchema.extend({ kind: z.string(), access: z.string() })

export const BrokerageSchema = z.object({
  principalBroker: BrokeragePersonSchema.nullable(),
  /** The other agents of the same brokerage. */
  brokerageAgents: z.array(BrokeragePersonSchema),
  /** The user's own team (members they lead). */
  team: z.array(TeamPersonSchema),
  principalBrokerStatus: PrincipalBrokerStatusSchema,
})
export type Brokerage = z.infer<typeof BrokerageSchema>

export const PipelineSchema = z.object({
  transactions: z.array(PipelineTransactionSchema),
  counts: z.object(Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, z.number().int()])) as Record<PipelineStage, z.ZodNumber>),
  deadlines: z.array(DashboardDeadlineSchema),
  attention: z.array(AttentionItemSchema),
  brokerage: BrokerageSchema,
})
export type Pipeline = z.infer<typeof PipelineSchema>
