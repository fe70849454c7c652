import { z } from 'zod'
import { optionalPhoneTextSchema } from './phone-schemas'
import { emailSchema, freeText } from './validation'
import { CONSENT_VERSION, SIGNING_LIMITS } from './signing-values'

/**
 * Electronic signing (issue #12, decision 016): a packet is one PDF made of one or more documents,
 * sent to its signers, each of whom opens a tokened link, consents (ESIGN), adopts a signature and
 * fills their fields. When the last one finishes, the server burns the fields in, appends a
 * Certificate of Completion and seals the result (PAdES). Every step is an audit event; the events
 * of a packet form a hash chain.
 *
 * Field positions are fractions of the page (0 to 1, origin at the top left), so the browser places
 * them on a preview of any size and the server draws them on a page of any size.
 *
 * This file holds the vocabulary, the limits and the schemas; signing-rules.ts the rules that act
 * on them, signing-chain.ts the audit chain.
 */

export const SIGNER_ROLES = ['buyer', 'seller', 'buyer-agent', 'listing-agent', 'other'] as const
export const SignerRoleSchema = z.enum(SIGNER_ROLES)
export type SignerRole = z.infer<typeof SignerRoleSchema>

export const SIGNING_FIELD_TYPES = ['signature', 'initials', 'date-signed', 'full-name', 'text'] as const
export const SigningFieldTypeSchema = z.enum(SIGNING_FIELD_TYPES)
export type SigningFieldType = z.infer<typeof SigningFieldTypeSchema>

export const SIGNING_ORDERS = ['parallel', 'sequential'] as const
export const SigningOrderSchema = z.enum(SIGNING_ORDERS)
export type SigningOrder = z.infer<typeof SigningOrderSchema>

/**
 * 'offer': the accepted offer's packet (signed at /sign/{offerId}/{signerId}); 'form': a form document
 * (/form-sign/{documentId}/{signerId}); 'amendment': an amendment of the contract we drew (decision 066),
 * signed as a form document is, by both sides; 'notice': a notice of the contract (decision 065), signed as a form is, by its own side.
 */
export const PACKET_KINDS = ['offer', 'form', 'amendment', 'notice'] as const
export const PacketKindSchema = z.enum(PACKET_KINDS)
export type PacketKind = z.infer<typeof PacketKindSchema>

/**
 * draft: a form document uploaded, its signers and fields not sent yet. sent: out for signature.
 * completing: every signer finished, the sealed PDF is being made (a job finishes it after a crash).
 */
export const PACKET_STATUSES = ['draft', 'sent', 'completing', 'completed', 'declined', 'voided', 'expired'] as const
export const PacketStatusSchema = z.enum(PACKET_STATUSES)
export type PacketStatus = z.infer<typeof PacketStatusSchema>

/** The PAdES baseline levels a seal reaches (ETSI EN 319 142-1, decision 052): B-T when a timestamp authority is configured. */
export const SEAL_LEVELS = ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const
export const SealLevelSchema = z.enum(SEAL_LEVELS)
export type SealLevel = z.infer<typeof SealLevelSchema>

/** Why a completing packet is not sealed yet: a TSA is configured and none gave a timestamp. */
export const SEAL_WAITING_REASONS = ['timestamp-unavailable'] as const

/** The packets that can still change: signers may still sign. */
export const OPEN_PACKET_STATUSES = ['sent'] as const satisfies readonly PacketStatus[]

export const SIGNER_STATUSES = ['pending', 'signed', 'declined'] as const
export const SignerStatusSchema = z.enum(SIGNER_STATUSES)
export type SignerStatus = z.infer<typeof SignerStatusSchema>

export const SIGNATURE_METHODS = ['typed', 'drawn'] as const
export const SignatureMethodSchema = z.enum(SIGNATURE_METHODS)
export type SignatureMethod = z.infer<typeof SignatureMethodSchema>

/** How a signer proved who they are: the emailed link alone, or the link and a code texted to their phone. */
export const SIGNER_AUTH_METHODS = ['email-link', 'email-link+sms-code'] as const
export type SignerAuthMethod = (typeof SIGNER_AUTH_METHODS)[number]

export const SIGNING_EVENT_TYPES = [
  'created',
  'sent',
  'viewed',
  'code-sent',
  'code-verified',
  'consented',
  'field-filled',
  'signed',
  'declined',
  'reminded',
  'expired',
  'voided',
  'completed',
] as const
export const SigningEventTypeSchema = z.enum(SIGNING_EVENT_TYPES)
export type SigningEventType = z.infer<typeof SigningEventTypeSchema>

/** The limits and the disclosure's version, free of zod for the signer's page (signing-values.ts). */
export { CONSENT_VERSION, SIGNING_LIMITS }

// ---------------------------------------------------------------------------------------------
// Inputs

const fraction = z.number().finite().min(0, 'signing.fieldOffPage').max(1, 'signing.fieldOffPage')

/** A field as the sender places it; `signerKey` names a signer of the same request (their index as a string, or their email). */
export const SigningFieldInputSchema = z
  .object({
    signerKey: freeText().min(1).max(254),
    type: SigningFieldTypeSchema,
    /** 0-based page of the packet's PDF. */
    page: z.number().int().min(0, 'signing.fieldPageMissing').max(SIGNING_LIMITS.maxPages - 1, 'signing.fieldPageMissing'),
    x: fraction,
    y: fraction,
    width: z.number().finite().gt(0, 'signing.fieldOffPage').max(1, 'signing.fieldOffPage'),
    height: z.number().finite().gt(0, 'signing.fieldOffPage').max(1, 'signing.fieldOffPage'),
    required: z.boolean().default(true),
    label: freeText().trim().max(100).default(''),
  })
  .superRefine((field, ctx) => {
    if (field.x + field.width > 1 + 1e-9) ctx.addIssue({ code: 'custom', path: ['width'], message: 'signing.fieldOffPage' })
    if (field.y + field.height > 1 + 1e-9) ctx.addIssue({ code: 'custom', path: ['height'], message: 'signing.fieldOffPage' })
  })
export type SigningFieldInput = z.infer<typeof SigningFieldInputSchema>

/** The one phone rule (phone.ts), in E.164; a signer without a phone has ''. */
const optionalPhone = optionalPhoneTextSchema.default('')

export const SignerInputSchema = z.object({
  name: freeText({ error: 'common.required' }).trim().min(1, 'common.required').max(200, 'common.tooLong'),
  email: emailSchema,
  phone: optionalPhone,
  role: SignerRoleSchema,
})
export type SignerInput = z.infer<typeof SignerInputSchema>

const expiresInDays = z
  .number({ error: 'signing.expiresRange' })
  .int('signing.expiresRange')
  .min(1, 'signing.expiresRange')
  .max(SIGNING_LIMITS.maxExpiresInDays, 'signing.expiresRange')
  .default(SIGNING_LIMITS.defaultExpiresInDays)

const sendOptions = {
  order: SigningOrderSchema.default('parallel'),
  expiresInDays,
  requireSmsCode: z.boolean().default(false),
  /** A note to the signers, in the invitation email. */
  message: freeText().trim().max(SIGNING_LIMITS.maxReason, 'common.tooLong').default(''),
}

/** POST /api/offers/:id/signing: 'Send for signature'. Fields are placed by the server. */
export const SendOfferPacketSchema = z.object({
  signers: z.array(SignerInputSchema).min(1, 'signing.signersRequired').max(SIGNING_LIMITS.maxSigners, 'signing.tooManySigners'),
  /** Offer attachments (PDF, JPEG, PNG) to add after the purchase and sale agreement. */
  attachmentIds: z.array(freeText().max(100)).max(20).default([]),
  ...sendOptions,
})
export type SendOfferPacket = z.infer<typeof SendOfferPacketSchema>

/** POST /api/signing/packets/:packetId/send: a form document's signers and the fields placed on its preview. */
export const SendFormPacketSchema = z.object({
  signers: z.array(SignerInputSchema).min(1, 'signing.signersRequired').max(SIGNING_LIMITS.maxSigners, 'signing.tooManySigners'),
  fields: z.array(SigningFieldInputSchema).max(SIGNING_LIMITS.maxFields, 'signing.tooManyFields'),
  /** The document's name as the signers read it; left out, the name it has (its file's, at upload). */
  title: freeText({ error: 'signing.titleRequired' }).trim().min(1, 'signing.titleRequired').max(SIGNING_LIMITS.maxTitle, 'common.tooLong').optional(),
  ...sendOptions,
})
export type SendFormPacket = z.infer<typeof SendFormPacketSchema>

export const ReasonSchema = z.object({
  reason: freeText({ error: 'signing.reasonRequired' }).trim().min(1, 'signing.reasonRequired').max(SIGNING_LIMITS.maxReason, 'common.tooLong'),
})
export type Reason = z.infer<typeof ReasonSchema>

export const VerifyCodeSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'signing.codeInvalid') })

/** The disclosure's version is one this server shows; anything else would be consent to a text nobody read. */
export const ConsentSchema = z.object({ accepted: z.literal(true, { error: 'signing.consentRequired' }), version: z.literal(CONSENT_VERSION, { error: 'signing.consentRequired' }).default(CONSENT_VERSION) })

/** A PNG as a data URL, `data:image/png;base64,...`; the server checks the bytes, the size and the PNG signature. */
export const PngDataUrlSchema = z
  .string({ error: 'signing.signatureRequired' })
  .max(Math.ceil((SIGNING_LIMITS.signatureImageMaxBytes * 4) / 3) + 100, 'signing.signatureTooLarge')
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'signing.signatureNotPng')

export const AdoptedSignatureSchema = z.object({
  method: SignatureMethodSchema,
  signature: PngDataUrlSchema,
  initials: PngDataUrlSchema,
})
export type AdoptedSignature = z.infer<typeof AdoptedSignatureSchema>

/** POST /api/signing/signers/:signerId/finish: the adopted signature (used for every signature and initials field) and the text fields' values. */
export const FinishSigningSchema = z.object({
  adopted: AdoptedSignatureSchema,
  values: z.record(freeText().max(100), freeText().max(SIGNING_LIMITS.maxTextValue, 'common.tooLong')).default({}),
})
export type FinishSigning = z.infer<typeof FinishSigningSchema>

export const VerifyHashSchema = z.object({ sha256: z.string().trim().regex(/^[0-9a-fA-F]{64}$/, 'signing.sha256Invalid') })

// ---------------------------------------------------------------------------------------------
// Answers

export const PageSizeSchema = z.object({ width: z.number(), height: z.number() })
export type PageSize = z.infer<typeof PageSizeSchema>

export const SigningFieldSchema = z.object({
  id: z.string(),
  signerId: z.string(),
  type: SigningFieldTypeSchema,
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  required: z.boolean(),
  label: z.string(),
  /** Text fields, full name and date once filled; signature and initials fields say 'signed'. */
  value: z.string().nullable(),
})
export type SigningField = z.infer<typeof SigningFieldSchema>

export const PacketSignerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Only the last digits, e.g. '•••0123'; null without a phone. */
  phoneHint: z.string().nullable(),
  role: SignerRoleSchema,
  position: z.number().int(),
  status: SignerStatusSchema,
  /** Whether it is this signer's turn (always, in parallel, while pending). */
  canSignNow: z.boolean(),
  viewedAt: z.string().nullable(),
  consentedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  lastRemindedAt: z.string().nullable(),
})
export type PacketSigner = z.infer<typeof PacketSignerSchema>

/**
 * What an uploaded PDF may carry that a packet never keeps (issue #32): scripts, actions that run on
 * opening or on a page, actions behind links and form buttons (a submit to an outside address, a
 * launch), embedded files, media, and form fields (flattened into the page: what they show stays).
 */
export const PDF_REMOVALS = ['scripts', 'openActions', 'actions', 'embeddedFiles', 'media', 'formFields'] as const
export const PdfRemovalSchema = z.enum(PDF_REMOVALS)
export type PdfRemoval = z.infer<typeof PdfRemovalSchema>

export const PacketDocumentSchema = z.object({
  filename: z.string(),
  /** SHA-256 of the document before signing. */
  sha256: z.string(),
  pageCount: z.number().int(),
  /** What was taken out of the file before it went into the packet; absent on packets made before it was recorded. */
  removed: z.array(PdfRemovalSchema).optional(),
})
export type PacketDocument = z.infer<typeof PacketDocumentSchema>

export const SigningEventSchema = z.object({
  seq: z.number().int(),
  type: SigningEventTypeSchema,
  at: z.string(),
  actorName: z.string().nullable(),
  hash: z.string(),
})
export type SigningEvent = z.infer<typeof SigningEventSchema>

/** A packet as the parties of its offer see it. */
export const PacketViewSchema = z.object({
  id: z.string(),
  kind: PacketKindSchema,
  offerId: z.string(),
  title: z.string(),
  status: PacketStatusSchema,
  order: SigningOrderSchema,
  requireSmsCode: z.boolean(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  declinedAt: z.string().nullable(),
  documents: z.array(PacketDocumentSchema),
  pages: z.array(PageSizeSchema),
  signers: z.array(PacketSignerSchema),
  fields: z.array(SigningFieldSchema),
  events: z.array(SigningEventSchema),
  /** SHA-256 of the sealed PDF once completed. */
  signedSha256: z.string().nullable(),
  /** While 'completing': why the seal waits (no timestamp authority answered) and since when; the job tries again by itself. */
  sealWaiting: z.object({ reason: z.enum(SEAL_WAITING_REASONS), since: z.string() }).nullable(),
  /** What the viewer may do now. */
  actions: z.array(z.enum(['send', 'remind', 'void', 'download', 'delete'])),
})
export type PacketView = z.infer<typeof PacketViewSchema>

/** GET /api/offers/:id/signing: the offer's packets, newest first, and whether the viewer may send a new one. */
export const OfferSigningSchema = z.object({
  packets: z.array(PacketViewSchema),
  canSendOffer: z.boolean(),
  /** Who the offer packet's signers would be: the parties named on the offer. */
  suggestedSigners: z.array(SignerInputSchema),
  /** The offer's attachments that can be added to the offer packet. */
  attachments: z.array(z.object({ id: z.string(), filename: z.string(), kind: z.string() })),
})
export type OfferSigning = z.infer<typeof OfferSigningSchema>

/** GET /api/signing/signers/:signerId (with the link's token): what one signer sees. */
export const SignerViewSchema = z.object({
  packet: z.object({
    id: z.string(),
    kind: PacketKindSchema,
    offerId: z.string(),
    title: z.string(),
    status: PacketStatusSchema,
    address: z.string(),
    senderName: z.string().nullable(),
    expiresAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    voidReason: z.string().nullable(),
    pages: z.array(PageSizeSchema),
  }),
  signer: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: SignerRoleSchema,
    status: SignerStatusSchema,
    canSignNow: z.boolean(),
    consentedAt: z.string().nullable(),
    needsCode: z.boolean(),
    codeVerified: z.boolean(),
    phoneHint: z.string().nullable(),
    signedAt: z.string().nullable(),
  }),
  /** This signer's fields only, in the order 'Next field' visits them (page, then top to bottom, then left to right). */
  fields: z.array(SigningFieldSchema),
  /** Whether the signed PDF can be downloaded with this link (the packet is completed). */
  canDownload: z.boolean(),
})
export type SignerView = z.infer<typeof SignerViewSchema>

export const VERIFY_STATUSES = ['intact', 'changed', 'unknown'] as const
export const VerifyResultSchema = z.object({
  status: z.enum(VERIFY_STATUSES),
  packet: z
    .object({
      /** The zone the page writes the times in: the property's, or 'UTC' when the document names none (decision 038). */
      timeZone: z.string(),
      completedAt: z.string(),
      signers: z.array(z.object({ name: z.string(), role: SignerRoleSchema, signedAt: z.string() })),
      /** The PAdES level of the seal (null: sealed before decision 052, as adbe.pkcs7.detached), and with B-T the time its timestamp authority attested. */
      sealLevel: SealLevelSchema.nullable(),
      timestampedAt: z.string().nullable(),
      /** The record embedded in the sealed file (decision 059): its name and SHA-256; absent or null for files sealed before it. */
      record: z.object({ filename: z.string(), sha256: z.string() }).nullable().optional(),
    })
    .optional(),
})
export type VerifyResult = z.infer<typeof VerifyResultSchema>

/**
 * The record a sealed packet carries inside it as an associated file (AFRelationship Data, decision
 * 057): the terms the parties signed (the offer's version at completion, clause choices included) and
 * the packet's audit chain, as canonical JSON (signing-chain canonicalJson).
 */
export const SEALED_RECORD_FILENAME = 'offerbook-record.json'
export const SEALED_RECORD_FORMAT = 'offerbook.sealed-record/1'

export const SealedRecordSchema = z.object({
  format: z.literal(SEALED_RECORD_FORMAT),
  packet: z.object({ id: z.string(), kind: z.string(), title: z.string(), completedAt: z.string() }),
  offer: z.object({ id: z.string(), version: z.number(), terms: z.record(z.string(), z.unknown()) }),
  signers: z.array(z.object({ name: z.string(), role: z.string(), signedAt: z.string().nullable() })),
  audit: z.object({
    chainHead: z.string(),
    // Each event with the hash before it and its own: the chain can be checked again from the file alone.
    events: z.array(z.object({ seq: z.number(), type: z.string(), at: z.string(), previousHash: z.string(), hash: z.string() }).passthrough()),
  }),
})
export type SealedRecord = z.infer<typeof SealedRecordSchema>
