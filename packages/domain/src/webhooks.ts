import { z } from 'zod'

/**
 * Outbound webhooks (issue #37 item 2, decision 079): a user's endpoints, the events each wants, and the
 * log of what was delivered to them, signed per the Standard Webhooks specification.
 */
export const WEBHOOK_EVENT_TYPES = [
  'offer.shared',
  'offer.revised',
  'offer.countered',
  'offer.accepted',
  'offer.declined',
  'offer.expired',
  'offer.withdrawn',
  'signing.sent',
  'signing.completed',
  'signing.declined',
  'signing.voided',
  'timeline.due',
  'timeline.missed',
  'listing.created',
  'listing.changed',
  'listing.status',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** A secret starts so (the Standard Webhooks convention); the rest is the base64 of its 32 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'

/** Endpoints one user may hold. */
export const MAX_WEBHOOK_ENDPOINTS = 10

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: 'common.invalidValue' })

const events = z
  .array(WebhookEventTypeSchema)
  .max(WEBHOOK_EVENT_TYPES.length, 'common.invalidValue')
  .refine((list) => list.length > 0, 'webhook.eventsRequired')
  .transform((list) => WEBHOOK_EVENT_TYPES.filter((type) => list.includes(type)))

export const WebhookUrlSchema = z
  .string({ error: 'webhook.badUrl' })
  .trim()
  .max(2000, 'common.tooLong')
  .refine((value) => {
    try {
      const url = new URL(value)
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
    } catch {
      return false
    }
  }, 'webhook.badUrl')

export const CreateWebhookSchema = z.object({ url: WebhookUrlSchema, events })
export type CreateWebhook = z.input<typeof CreateWebhookSchema>

export const UpdateWebhookSchema = z.object({ events: events.optional(), enabled: z.boolean({ error: 'common.invalidValue' }).optional() })
export type UpdateWebhook = z.input<typeof UpdateWebhookSchema>

export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why it was turned off by the server: 'failing' after 3 days of failed deliveries; null otherwise. */
  disabledReason: z.enum(['failing']).nullable(),
  createdAt: z.string(),
})
export type Webhook = z.infer<typeof WebhookSchema>

export const WebhooksSchema = z.object({ items: z.array(WebhookSchema) })
export type Webhooks = z.infer<typeof WebhooksSchema>

/** The answer to a new endpoint: its secret, this once. */
export const CreatedWebhookSchema = z.object({ webhook: WebhookSchema, secret: z.string() })
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const

export const WebhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status; null when none came (refused, unreachable, timed out). */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
})

export const WebhookDeliverySchema = z.object({
  /** The webhook-id header: the same on every attempt and on a redelivery. */
  id: z.string(),
  type: WebhookEventTypeSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(WebhookAttemptSchema),
})
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>

export const WebhookDeliveriesSchema = z.object({ items: z.array(WebhookDeliverySchema) })
export type WebhookDeliveries = z.infer<typeof WebhookDeliveriesSchema>

export const WebhookParamsSchema = z.object({ id: z.uuid({ error: 'webhook.notFound' }) })
export const WebhookDeliveryParamsSchema = z.object({ id: z.uuid({ error: 'webhook.notFound' }), deliveryId: z.uuid({ error: 'webhook.deliveryNotFound' }) })

/**
 * Whether webhooks may go to loopback and private addresses (an on-premises back office), as a super
 * admin sets it on /admin/webhooks. Until one does, the deployment's WEBHOOKS_ALLOW_PRIVATE decides.
 */
export const WebhookSettingsInputSchema = z.object({ allowPrivate: z.boolean({ error: 'common.invalidValue' }) })
export type WebhookSettingsInput = z.input<typeof WebhookSettingsInputSchema>

export const WebhookSettingsSchema = z.object({
  allowPrivate: z.boolean(),
  /** What WEBHOOKS_ALLOW_PRIVATE gives while no admin has chosen. */
  deploymentDefault: z.boolean(),
  /** The admin's choice, when one was made, with who made it and when. */
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
})
export type WebhookSettings = z.infer<typeof WebhookSettingsSchema>
