import { z } from 'zod'
import { SIGNING_MESSAGES } from './signing-messages'
import { emailSchema, freeText, isPhoneShape, MESSAGES } from './validation'

/**
 * Electronic signing (issue #12, decision 016): a packet is one PDF made of one or more documents,
 * sent to its signers, each of whom opens a tokened link, consents (ESIGN), adopts a signature and
 * fills their fields. When the last one finishes, the server burns the fields in, appends a
 * Certificate of Completion and seals the result (PAdES). Every step is an audit event; the events
 * of a packet form a hash chain.
 *
 * Field positions are fractions of the page (0 to 1, origin at the top left), so the browser places
 * them on a preview of any size and the server draws them on a page of any size.
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

/** 'offer': the accepted offer's packet (signed at /sign/{offerId}/{signerId}); 'form': a form document (/form-sign/{documentId}/{signerId}). */
export const PACKET_KINDS = ['offer', 'form'] as const
export const PacketKindSchema = z.enum(PACKET_KINDS)
export type PacketKind = z.infer<typeof PacketKindSchema>

/**
 * draft: a form document uploaded, its signers and fields not sent yet. sent: out for signature.
 * completing: every signer finished, the sealed PDF is being made (a job finishes it after a crash).
 */
export const PACKET_STATUSES = ['draft', 'sent', 'completing', 'completed', 'declined', 'voided', 'expired'] as const
export const PacketStatusSchema = z.enum(PACKET_STATUSES)
export type PacketStatus = z.infer<typeof PacketStatusSchema>

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

export const SIGNING_LIMITS = {
  maxSigners: 10,
  maxFields: 200,
  /** A form document or a file sent to /api/verify. */
  documentMaxBytes: 25 * 1024 * 1024,
  maxPages: 200,
  /** A signature or initials image, as the PNG bytes. */
  signatureImageMaxBytes: 1024 * 1024,
  defaultExpiresInDays: 7,
  maxExpiresInDays: 60,
  codeDigits: 6,
  codeMinutes: 10,
  codeMaxAttempts: 5,
  /** One reminder per signer in this many minutes. */
  reminderEveryMinutes: 60,
  maxTextValue: 500,
  maxReason: 1000,
} as const

/** The version of the consumer disclosure a signer consents to; the certificate names it. */
export const CONSENT_VERSION = 'esign-disclosure-2026-11'

export { SIGNING_MESSAGES } from './signing-messages'

// ---------------------------------------------------------------------------------------------
// Inputs

const fraction = z.number().finite().min(0, SIGNING_MESSAGES.fieldOffPage).max(1, SIGNING_MESSAGES.fieldOffPage)

/** A field as the sender places it; `signerKey` names a signer of the same request (their index as a string, or their email). */
export const SigningFieldInputSchema = z
  .object({
    signerKey: freeText().min(1).max(254),
    type: SigningFieldTypeSchema,
    /** 0-based page of the packet's PDF. */
    page: z.number().int().min(0, SIGNING_MESSAGES.fieldPageMissing).max(SIGNING_LIMITS.maxPages - 1, SIGNING_MESSAGES.fieldPageMissing),
    x: fraction,
    y: fraction,
    width: z.number().finite().gt(0, SIGNING_MESSAGES.fieldOffPage).max(1, SIGNING_MESSAGES.fieldOffPage),
    height: z.number().finite().gt(0, SIGNING_MESSAGES.fieldOffPage).max(1, SIGNING_MESSAGES.fieldOffPage),
    required: z.boolean().default(true),
    label: freeText().trim().max(100).default(''),
  })
  .superRefine((field, ctx) => {
    if (field.x + field.width > 1 + 1e-9) ctx.addIssue({ code: 'custom', path: ['width'], message: SIGNING_MESSAGES.fieldOffPage })
    if (field.y + field.height > 1 + 1e-9) ctx.addIssue({ code: 'custom', path: ['height'], message: SIGNING_MESSAGES.fieldOffPage })
  })
export type SigningFieldInput = z.infer<typeof SigningFieldInputSchema>

/** Empty, E.164, or the spec's (615) 555-0123 (spec section 5). */
const optionalPhone = z
  .string()
  .trim()
  .max(30)
  .refine((value) => value === '' || /^\+[1-9]\d{6,14}$/.test(value) || isPhoneShape(value), MESSAGES.invalidPhone)
  .default('')

export const SignerInputSchema = z.object({
  name: freeText({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(200, 'Must have at most 200 characters'),
  email: emailSchema,
  phone: optionalPhone,
  role: SignerRoleSchema,
})
export type SignerInput = z.infer<typeof SignerInputSchema>

const expiresInDays = z
  .number({ error: SIGNING_MESSAGES.expiresRange })
  .int(SIGNING_MESSAGES.expiresRange)
  .min(1, SIGNING_MESSAGES.expiresRange)
  .max(SIGNING_LIMITS.maxExpiresInDays, SIGNING_MESSAGES.expiresRange)
  .default(SIGNING_LIMITS.defaultExpiresInDays)

const sendOptions = {
  order: SigningOrderSchema.default('parallel'),
  expiresInDays,
  requireSmsCode: z.boolean().default(false),
  /** A note to the signers, in the invitation email. */
  message: freeText().trim().max(SIGNING_LIMITS.maxReason, SIGNING_MESSAGES.reasonTooLong).default(''),
}

/** POST /api/offers/:id/signing: 'Send for signature'. Fields are placed by the server. */
export const SendOfferPacketSchema = z.object({
  signers: z.array(SignerInputSchema).min(1, SIGNING_MESSAGES.signersRequired).max(SIGNING_LIMITS.maxSigners, SIGNING_MESSAGES.tooManySigners),
  /** Offer attachments (PDF, JPEG, PNG) to add after the Offer to Purchase. */
  attachmentIds: z.array(freeText().max(100)).max(20).default([]),
  ...sendOptions,
})
export type SendOfferPacket = z.infer<typeof SendOfferPacketSchema>

/** POST /api/signing/packets/:packetId/send: a form document's signers and the fields placed on its preview. */
export const SendFormPacketSchema = z.object({
  signers: z.array(SignerInputSchema).min(1, SIGNING_MESSAGES.signersRequired).max(SIGNING_LIMITS.maxSigners, SIGNING_MESSAGES.tooManySigners),
  fields: z.array(SigningFieldInputSchema).max(SIGNING_LIMITS.maxFields, SIGNING_MESSAGES.tooManyFields),
  ...sendOptions,
})
export type SendFormPacket = z.infer<typeof SendFormPacketSchema>

export const ReasonSchema = z.object({
  reason: freeText({ error: SIGNING_MESSAGES.reasonRequired }).trim().min(1, SIGNING_MESSAGES.reasonRequired).max(SIGNING_LIMITS.maxReason, SIGNING_MESSAGES.reasonTooLong),
})
export type Reason = z.infer<typeof ReasonSchema>

export const VerifyCodeSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, SIGNING_MESSAGES.codeInvalid) })

/** The disclosure's version is one this server shows; anything else would be consent to a text nobody read. */
export const ConsentSchema = z.object({ accepted: z.literal(true, { error: SIGNING_MESSAGES.consentRequired }), version: z.literal(CONSENT_VERSION, { error: SIGNING_MESSAGES.consentRequired }).default(CONSENT_VERSION) })

/** A PNG as a data URL, `data:image/png;base64,...`; the server checks the bytes, the size and the PNG signature. */
export const PngDataUrlSchema = z
  .string({ error: SIGNING_MESSAGES.signatureRequired })
  .max(Math.ceil((SIGNING_LIMITS.signatureImageMaxBytes * 4) / 3) + 100, SIGNING_MESSAGES.signatureTooLarge)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, SIGNING_MESSAGES.signatureNotPng)

export const AdoptedSignatureSchema = z.object({
  method: SignatureMethodSchema,
  signature: PngDataUrlSchema,
  initials: PngDataUrlSchema,
})
export type AdoptedSignature = z.infer<typeof AdoptedSignatureSchema>

/** POST /api/signing/signers/:signerId/finish: the adopted signature (used for every signature and initials field) and the text fields' values. */
export const FinishSigningSchema = z.object({
  adopted: AdoptedSignatureSchema,
  values: z.record(freeText().max(100), freeText().max(SIGNING_LIMITS.maxTextValue, SIGNING_MESSAGES.valueTooLong)).default({}),
})
export type FinishSigning = z.infer<typeof FinishSigningSchema>

export const VerifyHashSchema = z.object({ sha256: z.string().trim().regex(/^[0-9a-fA-F]{64}$/, SIGNING_MESSAGES.sha256Invalid) })

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

export const PacketDocumentSchema = z.object({
  filename: z.string(),
  /** SHA-256 of the document before signing. */
  sha256: z.string(),
  pageCount: z.number().int(),
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
      completedAt: z.string(),
      signers: z.array(z.object({ name: z.string(), role: SignerRoleSchema, signedAt: z.string() })),
    })
    .optional(),
})
export type VerifyResult = z.infer<typeof VerifyResultSchema>

// ---------------------------------------------------------------------------------------------
// Rules

type OrderedSigner = { id: string; position: number; status: SignerStatus }

/**
 * Who may sign now. In parallel every pending signer may; in sequence only the pending signer with
 * the lowest position, and nobody after a decline.
 */
export function signersAbleToSign(order: SigningOrder, signers: readonly OrderedSigner[]): string[] {
  if (signers.some((signer) => signer.status === 'declined')) return []
  const pending = signers.filter((signer) => signer.status === 'pending')
  if (order === 'parallel') return pending.map((signer) => signer.id)
  const first = [...pending].sort((a, b) => a.position - b.position)[0]
  return first ? [first.id] : []
}

export function canSignNow(order: SigningOrder, signers: readonly OrderedSigner[], signerId: string): boolean {
  return signersAbleToSign(order, signers).includes(signerId)
}

/** Whether every signer has signed: the packet is ready to complete. */
export function allSigned(signers: readonly Pick<OrderedSigner, 'status'>[]): boolean {
  return signers.length > 0 && signers.every((signer) => signer.status === 'signed')
}

/** The order 'Next field' visits fields: by page, then top to bottom, then left to right. */
export function fieldVisitOrder<T extends { page: number; x: number; y: number }>(fields: readonly T[]): T[] {
  return [...fields].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x)
}

/** What a signer's role reads as on the signature page and the certificate (the document itself stays English, decision 012). */
export const SIGNER_ROLE_LABELS: Record<SignerRole, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  'buyer-agent': "Buyer's agent",
  'listing-agent': 'Listing agent',
  other: 'Other',
}

type PlacedField = Omit<SigningFieldInput, 'signerKey' | 'required' | 'label'> & { signerKey: string; required: boolean; label: string }

/**
 * The fields of the offer packet, placed by rule. The packet's last page is its signature page,
 * made by the server with one block per signer in the order given (SIGNATURE_PAGE_LAYOUT); each
 * block gets a signature, the printed full name and the date signed. Every other page gets each
 * signer's initials in its footer, side by side from the right.
 */
export const SIGNATURE_PAGE_LAYOUT = {
  /** Where the first block starts, from the top, as a fraction of the page height. */
  top: 0.16,
  /** Each block's height. */
  blockHeight: 0.16,
  left: 0.08,
  signatureWidth: 0.4,
  signatureHeight: 0.06,
  nameWidth: 0.4,
  dateLeft: 0.56,
  dateWidth: 0.3,
  lineHeight: 0.03,
  /** Blocks per signature page; more signers continue on another page. */
  blocksPerPage: 5,
  initialsWidth: 0.08,
  initialsHeight: 0.035,
  initialsBottom: 0.035,
  initialsRight: 0.06,
  initialsGap: 0.015,
} as const

/** How many signature pages the offer packet needs for this many signers. */
export function signaturePageCount(signerCount: number): number {
  return Math.max(1, Math.ceil(signerCount / SIGNATURE_PAGE_LAYOUT.blocksPerPage))
}

/** Where block `index` (0-based, in the order of the signers) sits: the signature page (0-based among the signature pages) and its top. */
export function signatureBlockPosition(index: number): { sheet: number; top: number } {
  const layout = SIGNATURE_PAGE_LAYOUT
  const sheet = Math.floor(index / layout.blocksPerPage)
  return { sheet, top: layout.top + (index % layout.blocksPerPage) * layout.blockHeight }
}

export function placeOfferFields(contentPageCount: number, signerKeys: readonly string[]): PlacedField[] {
  const layout = SIGNATURE_PAGE_LAYOUT
  const fields: PlacedField[] = []
  for (let page = 0; page < contentPageCount; page++) {
    signerKeys.forEach((signerKey, index) => {
      const x = 1 - layout.initialsRight - (index + 1) * layout.initialsWidth - index * layout.initialsGap
      fields.push({ signerKey, type: 'initials', page, x, y: 1 - layout.initialsBottom - layout.initialsHeight, width: layout.initialsWidth, height: layout.initialsHeight, required: true, label: '' })
    })
  }
  signerKeys.forEach((signerKey, index) => {
    const { sheet, top } = signatureBlockPosition(index)
    const page = contentPageCount + sheet
    const signatureTop = top + layout.lineHeight
    fields.push({ signerKey, type: 'signature', page, x: layout.left, y: signatureTop, width: layout.signatureWidth, height: layout.signatureHeight, required: true, label: '' })
    fields.push({ signerKey, type: 'date-signed', page, x: layout.dateLeft, y: signatureTop + layout.signatureHeight - layout.lineHeight, width: layout.dateWidth, height: layout.lineHeight, required: true, label: '' })
    fields.push({ signerKey, type: 'full-name', page, x: layout.left, y: signatureTop + layout.signatureHeight + 0.005, width: layout.nameWidth, height: layout.lineHeight, required: true, label: '' })
  })
  return fields
}

/** Problems with a form packet's placed fields, by the path of the field in the request (`fields.3.page`). */
export function fieldProblems(fields: readonly SigningFieldInput[], { pageCount, signerKeys }: { pageCount: number; signerKeys: readonly string[] }): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = []
  fields.forEach((field, index) => {
    if (field.page >= pageCount) problems.push({ path: `fields.${index}.page`, message: SIGNING_MESSAGES.fieldPageMissing })
    if (!signerKeys.includes(field.signerKey)) problems.push({ path: `fields.${index}.signerKey`, message: SIGNING_MESSAGES.fieldSignerMissing })
  })
  signerKeys.forEach((signerKey, index) => {
    if (!fields.some((field) => field.signerKey === signerKey && field.type === 'signature')) problems.push({ path: `signers.${index}`, message: SIGNING_MESSAGES.signerWithoutSignature })
  })
  return problems
}

/** Problems with a packet's signers: one email per signer, a phone when a code is required. */
export function signerProblems(signers: readonly SignerInput[], { requireSmsCode }: { requireSmsCode: boolean }): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = []
  const seen = new Set<string>()
  signers.forEach((signer, index) => {
    const email = signer.email.trim().toLowerCase()
    if (seen.has(email)) problems.push({ path: `signers.${index}.email`, message: SIGNING_MESSAGES.duplicateSignerEmail })
    seen.add(email)
    if (requireSmsCode && signer.phone.trim() === '') problems.push({ path: `signers.${index}.phone`, message: SIGNING_MESSAGES.phoneRequiredForCode })
  })
  return problems
}

/** The key a field names its signer by in a request: the signer's index. */
export const signerKeyOf = (index: number): string => String(index)

// ---------------------------------------------------------------------------------------------
// The audit chain

export type ChainEvent = {
  packetId: string
  seq: number
  type: SigningEventType
  at: string
  signerId: string | null
  actorName: string | null
  ip: string | null
  userAgent: string | null
  details: Record<string, unknown>
}

/** The genesis: what the first event's previous hash is. */
export const CHAIN_GENESIS = '0'.repeat(64)

/** JSON with the object keys sorted at every level, so the same event always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
}

/** What an event's hash is computed over: the previous hash and the event, canonically. */
export function chainInput(previousHash: string, event: ChainEvent): string {
  return `${previousHash}\n${canonicalJson(event)}`
}

/** The hash of an event given its predecessor's, with the SHA-256 (hex) of the caller's platform. */
export function chainHash(previousHash: string, event: ChainEvent, sha256Hex: (text: string) => string): string {
  return sha256Hex(chainInput(previousHash, event))
}

/** Checks a packet's events in order: each hash covers the one before. Returns the seq of the first broken link, or null. */
export function firstBrokenLink(events: readonly (ChainEvent & { previousHash: string; hash: string })[], sha256Hex: (text: string) => string): number | null {
  let previous = CHAIN_GENESIS
  for (const event of events) {
    const { previousHash, hash, ...body } = event
    if (previousHash !== previous || chainHash(previous, body, sha256Hex) !== hash) return event.seq
    previous = hash
  }
  return null
}

/** The status label spec section 3 gives a form document: a fully signed one is 'form approved', a declined one 'form declined'. */
export function formDocumentLabel(status: PacketStatus): 'form approved' | 'form declined' | null {
  if (status === 'completed') return 'form approved'
  if (status === 'declined') return 'form declined'
  return null
}

/** The public signing page of a signer: /sign/{offerId}/{signerId} for the offer packet, /form-sign/{documentId}/{signerId} for a form document (the document id is the packet's id). */
export function signerPagePath(packet: { kind: PacketKind; id: string; offerId: string }, signerId: string, token: string): string {
  const base = packet.kind === 'offer' ? `/sign/${packet.offerId}/${signerId}` : `/form-sign/${packet.id}/${signerId}`
  return `${base}?token=${encodeURIComponent(token)}`
}

/** The last digits of a phone, for a hint that does not give the number away. */
export function phoneHint(phone: string | null): string | null {
  if (!phone) return null
  const digits = phone.replace(/\D/g, '')
  return digits.length >= 4 ? `•••${digits.slice(-4)}` : null
}
