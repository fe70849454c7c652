import { z } from 'zod'
import { EARNEST_MONEY_HOLDERS, OFFER_LIMITS } from './offer-terms'
import { queryWholeNumber } from './paging'
import { RELEASE_KINDS } from './trust-clock'
import { LANGUAGES } from './languages'
import type { MessageKey } from './messages'
import { emailSchema, freeText } from './validation'

/**
 * The earnest money trust record (issue #35 item 4, decision 070): the holder the contract names
 * attests receipt from a single-use link; an agent records a written request to disburse, which starts
 * the 21-day clock (trust-clock.ts), and the release that stops it. Each contract's record is a row of
 * its brokerage's trust log, with the fields T.C.A. 62-13-321 asks of escrow records: the depositor,
 * the amount, the deposit date, the holder and address, then the withdrawal date and the payee.
 */

export const EARNEST_MONEY_METHODS = ['check', 'wire', 'cashiersCheck', 'cash', 'other'] as const
export type EarnestMoneyMethod = (typeof EARNEST_MONEY_METHODS)[number]

/** A holder's link works this many days, once. */
export const HOLDER_LINK_DAYS = 14
/** The public page a holder's link opens: `?token=` carries the link's secret. */
export const HOLDER_LINK_PATH = '/earnest-money/attest'
export const EARNEST_MONEY_LIMITS = { maxText: OFFER_LIMITS.maxText, maxToken: 200, maxLinks: 20 } as const

const date = (key: MessageKey) => z.iso.date({ error: key })
const text = (required: MessageKey) => freeText({ error: required }).trim().min(1, required).max(EARNEST_MONEY_LIMITS.maxText, 'common.tooLong')
/** Dollars and cents, from one cent. */
const money = z
  .number({ error: 'earnestMoney.amountRange' })
  .min(0.01, 'earnestMoney.amountRange')
  .max(OFFER_LIMITS.maxPrice, 'earnestMoney.amountRange')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'earnestMoney.amountCents')

/** POST /api/offers/:id/earnest-money/holder-link: the holder's email address, typed by the agent. */
export const HolderLinkInputSchema = z.object({
  email: emailSchema.pipe(z.string().max(254, 'common.tooLong')),
  /** The email's language (the holder has no account here to say it). */
  language: z.enum(LANGUAGES, { error: 'common.required' }).default('en-us'),
})
export type HolderLinkInput = z.infer<typeof HolderLinkInputSchema>

export const HolderTokenSchema = z.object({ token: freeText({ error: 'earnestMoney.linkNotValid' }).max(EARNEST_MONEY_LIMITS.maxToken, 'earnestMoney.linkNotValid') })

/** What the holder attests: the amount received, the day, and how it came. */
export const HolderAttestationSchema = z
  .object({
    amount: money,
    receivedOn: date('earnestMoney.dateRequired'),
    method: z.enum(EARNEST_MONEY_METHODS, { error: 'earnestMoney.methodRequired' }),
    methodOther: freeText().trim().max(EARNEST_MONEY_LIMITS.maxText, 'common.tooLong').default(''),
  })
  .superRefine((value, context) => {
    if (value.method === 'other' && value.methodOther === '') context.addIssue({ code: 'custom', path: ['methodOther'], message: 'earnestMoney.methodOtherRequired' })
  })
export type HolderAttestation = z.infer<typeof HolderAttestationSchema>

export const HolderAttestRequestSchema = z.object({ token: HolderTokenSchema.shape.token, attestation: HolderAttestationSchema })

/** An agent's record of a written request to disburse: the day it was made, who made it, and the payee asked for. */
export const DisbursementRequestInputSchema = z.object({
  requestedOn: date('earnestMoney.dateRequired'),
  requestedBy: text('earnestMoney.requestedByRequired'),
  payee: text('earnestMoney.payeeRequired'),
})
export type DisbursementRequestInput = z.infer<typeof DisbursementRequestInputSchema>

/** The release that closes the clock: by mutual release, at closing, or by interpleader. */
export const ReleaseInputSchema = z.object({
  kind: z.enum(RELEASE_KINDS, { error: 'earnestMoney.releaseKindRequired' }),
  releasedOn: date('earnestMoney.dateRequired'),
  payee: text('earnestMoney.payeeRequired'),
  amount: money,
})
export type ReleaseInput = z.infer<typeof ReleaseInputSchema>

export const HolderSchema = z.object({ kind: z.enum(EARNEST_MONEY_HOLDERS).nullable(), name: z.string(), address: z.string() })
export type Holder = z.infer<typeof HolderSchema>

/** What the holder's page shows: the contract, its parties, the amount due and the holder named. */
export const HolderPageSchema = z.object({
  address: z.string(),
  buyers: z.array(z.string()),
  sellers: z.array(z.string()),
  amountDue: z.number().nullable(),
  holder: HolderSchema,
  /** YYYY-MM-DD in the property's time zone. */
  bindingAgreementDate: z.string(),
  today: z.string(),
  expiresAt: z.string(),
})
export type HolderPage = z.infer<typeof HolderPageSchema>

export const HOLDER_LINK_STATES = ['open', 'used', 'expired', 'replaced'] as const

export const ReceiptSchema = z.object({
  amount: z.number(),
  receivedOn: z.string(),
  method: z.enum(EARNEST_MONEY_METHODS),
  methodOther: z.string(),
  attestedAt: z.string(),
  holderEmail: z.string(),
})
export const DisbursementRequestSchema = z.object({ requestedOn: z.string(), requestedBy: z.string(), payee: z.string(), recordedByName: z.string(), recordedAt: z.string() })
export const ReleaseSchema = z.object({ kind: z.enum(RELEASE_KINDS), releasedOn: z.string(), payee: z.string(), amount: z.number(), recordedByName: z.string(), recordedAt: z.string() })
export const ClockSchema = z.object({
  requestedOn: z.string(),
  dueOn: z.string(),
  remindOn: z.array(z.string()),
  daysLeft: z.number().nullable(),
  state: z.enum(['open', 'dueSoon', 'overdue', 'released', 'releasedLate']),
})

/** GET /api/offers/:id/earnest-money: the contract's earnest money as its agents see it. */
export const EarnestMoneyViewSchema = z.object({
  bound: z.boolean(),
  /** The contract's agents act on it; the principal broker of one of them reads it. */
  canAct: z.boolean(),
  holder: HolderSchema,
  amountDue: z.number().nullable(),
  links: z.array(z.object({ id: z.string(), email: z.string(), sentAt: z.string(), expiresAt: z.string(), state: z.enum(HOLDER_LINK_STATES) })),
  receipt: ReceiptSchema.nullable(),
  request: DisbursementRequestSchema.nullable(),
  clock: ClockSchema.nullable(),
  release: ReleaseSchema.nullable(),
  /** YYYY-MM-DD in the property's time zone. */
  today: z.string(),
})
export type EarnestMoneyView = z.infer<typeof EarnestMoneyViewSchema>

/** One row of the brokerage's trust log (T.C.A. 62-13-321). */
export const TrustLogRowSchema = z.object({
  offerId: z.string(),
  address: z.string(),
  agents: z.array(z.object({ name: z.string(), side: z.enum(['buyer', 'listing']) })),
  depositor: z.string(),
  amount: z.number(),
  depositDate: z.string(),
  method: z.enum(EARNEST_MONEY_METHODS),
  holder: HolderSchema,
  request: DisbursementRequestSchema.pick({ requestedOn: true, requestedBy: true, payee: true }).nullable(),
  clock: ClockSchema.nullable(),
  withdrawalDate: z.string().nullable(),
  payee: z.string().nullable(),
  releaseKind: z.enum(RELEASE_KINDS).nullable(),
  releasedAmount: z.number().nullable(),
})
export type TrustLogRow = z.infer<typeof TrustLogRowSchema>

export const TrustLogQuerySchema = z.object({
  page: queryWholeNumber(10_000, 'listing.pageRange').default(1),
  pageSize: queryWholeNumber(48, 'listing.pageSizeRange').default(20),
})
export type TrustLogQuery = z.infer<typeof TrustLogQuerySchema>

export const TrustLogPageSchema = z.object({ items: z.array(TrustLogRowSchema), total: z.number(), page: z.number(), pageSize: z.number() })
export type TrustLogPage = z.infer<typeof TrustLogPageSchema>

/** The CSV's columns, in order (the export's header row). */
export const TRUST_LOG_COLUMNS = [
  'Contract',
  'Property',
  'Depositor',
  'Amount',
  'Deposit date',
  'Method',
  'Holder',
  'Holder kind',
  'Holder address',
  'Request date',
  'Requested by',
  'Payee requested',
  'Disburse by',
  'Clock',
  'Withdrawal date',
  'Payee',
  'Release kind',
  'Amount released',
] as const

export const METHOD_NAMES: Readonly<Record<EarnestMoneyMethod, string>> = { check: 'Check', wire: 'Wire transfer', cashiersCheck: "Cashier's check", cash: 'Cash', other: 'Other' }
export const RELEASE_NAMES = { mutualRelease: 'Mutual release', closing: 'Closing', interpleader: 'Interpleader' } as const
export const HOLDER_KIND_NAMES = { 'listing-broker': 'Listing broker', 'title-company': 'Title company', attorney: 'Attorney', other: 'Other' } as const
