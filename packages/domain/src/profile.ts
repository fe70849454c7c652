import { z } from 'zod'
import type { MessageKey } from './messages'
import type { Role } from './roles'
import type { UiMode } from './ui-mode'
import { UiModeSchema } from './ui-mode'
import { CurrencySchema, LanguageSchema } from './user'
import { optionalPhoneSchema } from './phone-schemas'
import { emailSchema, fullNameSchema, isMlsId, isZipCode, minLength, mlsIdSchema, optionalUrlSchema } from './validation'

/**
 * The roles onboarding gives, one per user. PRINCIPAL_BROKER is granted after a request, ADMIN and
 * SUPER_ADMIN only by an administrator.
 */
export const ONBOARDING_ROLES = ['SELLER_OWNER', 'SELLER_SIMPLE', 'SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT'] as const satisfies readonly Role[]

/**
 * What a user may pick when onboarding, in the order the role step shows them: a role each, and
 * ASSISTANT, the support staff of spec section 6 ('I assist an agent'), which is no role of its own:
 * it becomes SELLER_SIMPLE and works through the team it joins (decision 054).
 */
export const ONBOARDING_KINDS = [...ONBOARDING_ROLES, 'ASSISTANT'] as const
export type OnboardingKind = (typeof ONBOARDING_KINDS)[number]

/** The one role each kind gives; there is never a role beyond the spec's eight. */
export function roleOfKind(kind: OnboardingKind): Role {
  return kind === 'ASSISTANT' ? 'SELLER_SIMPLE' : kind
}

/** The UI mode a new account starts in (spec section 3): sellers and assistants in Sell, buyers in Buy. */
export function uiModeOfKind(kind: OnboardingKind): UiMode {
  return roleOfKind(kind).startsWith('SELLER_') ? 'sell' : 'buy'
}

/** Licensed agents: they must give their NRDS number, MLS ID, phone and ZIP code. */
export const AGENT_KINDS = ['SELLER_AGENT', 'BUYER_AGENT'] as const satisfies readonly OnboardingKind[]

/** Kinds that may add listings (spec section 6: SELLER_SIMPLE is excluded from add-listing); the seed follows the same rule. */
export const LISTING_KINDS = ['SELLER_OWNER', 'SELLER_AGENT', 'BUYER_AGENT'] as const satisfies readonly OnboardingKind[]

export function isAgentKind(kind: OnboardingKind): boolean {
  return (AGENT_KINDS as readonly OnboardingKind[]).includes(kind)
}

/** A user holding an agent role (SELLER_AGENT or BUYER_AGENT) has an NRDS number and MLS ID. */
export function hasAgentRole(roles: readonly Role[]): boolean {
  return roles.some((role) => (AGENT_KINDS as readonly Role[]).includes(role))
}

export function canAddListings(kind: OnboardingKind): boolean {
  return (LISTING_KINDS as readonly OnboardingKind[]).includes(kind)
}

/** An NRDS (National Realtors Database System) number: exactly this many digits. */
export const NRDS_LENGTH = 9
export const NRDS_PATTERN = new RegExp(`^\\d{${NRDS_LENGTH}}$`)
export const MLS_ID_MAX_LENGTH = 32
export const NAME_MAX_LENGTH = 200
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 256
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** A text field that may be left empty ('' or absent); when filled it must pass `valid`. */
function blankOr(valid: (value: string) => boolean, message: MessageKey) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || valid(value), message)
    .optional()
}

const isFilled = (value: string | null | undefined): value is string => value !== undefined && value !== null && value !== ''

export const OnboardingKindSchema = z.enum(ONBOARDING_KINDS, { error: 'profile.roleNotOffered' })

/**
 * Onboarding picks one kind of user. Agents must give all four details; everyone else may give a
 * phone and ZIP code, and any NRDS number or MLS ID they send is not kept.
 */
export const OnboardingSchema = z
  .object({
    kind: OnboardingKindSchema,
    nrds: blankOr((value) => NRDS_PATTERN.test(value), 'profile.nrds'),
    sellerAgentId: blankOr((value) => value.length <= MLS_ID_MAX_LENGTH && isMlsId(value), 'common.mlsId'),
    phone: optionalPhoneSchema.optional(),
    zipcode: blankOr(isZipCode, 'profile.zipCode'),
  })
  .superRefine((input, context) => {
    if (!isAgentKind(input.kind)) return
    for (const field of ['nrds', 'sellerAgentId', 'phone', 'zipcode'] as const) {
      if (!isFilled(input[field])) context.addIssue({ code: 'custom', path: [field], message: 'common.required' })
    }
  })
export type Onboarding = z.infer<typeof OnboardingSchema>

/** Control characters (NUL among them, which PostgreSQL text cannot hold) have no place in a name. */
export function isControlCharacter(char: string): boolean {
  const code = char.charCodeAt(0)
  return code < 0x20 || code === 0x7f
}

const hasNoControlCharacters = (value: string) => ![...value].some(isControlCharacter)

export const profileNameSchema = fullNameSchema.max(NAME_MAX_LENGTH, 'common.tooLong').refine(hasNoControlCharacters, 'common.fullName')

/**
 * An agent's NRDS number or MLS ID on the profile: it may be changed but not emptied, since onboarding
 * requires both of an agent. Empty is 'Required'; anything else must pass `valid`, one message a field.
 */
function agentDetail(valid: z.ZodType<string, string>) {
  return z.string({ error: 'common.required' }).trim().min(1, 'common.required').pipe(valid).optional()
}

export const profileNrdsSchema = agentDetail(z.string().regex(NRDS_PATTERN, 'profile.nrds'))
export const profileMlsIdSchema = agentDetail(z.string().max(MLS_ID_MAX_LENGTH, 'common.mlsId').pipe(mlsIdSchema))

/**
 * Any subset of the fields; an empty phone or ZIP code clears it. The NRDS number and MLS ID belong to
 * agents only (the API refuses them from anyone else) and cannot be cleared.
 */
export const UpdateProfileSchema = z.object({
  name: profileNameSchema.optional(),
  phone: optionalPhoneSchema.optional(),
  zipcode: blankOr(isZipCode, 'profile.zipCode'),
  language: LanguageSchema.optional(),
  uiMode: UiModeSchema.optional(),
  currency: CurrencySchema.optional(),
  nrds: profileNrdsSchema,
  sellerAgentId: profileMlsIdSchema,
  /** An agent's website; empty clears it. */
  website: optionalUrlSchema.optional(),
})
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>

/** A password being chosen: sign-up, recovery and the profile's change of password. */
export const newPasswordSchema = minLength(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH, 'common.tooLong')

export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: 'common.required' }).min(1, 'common.required').max(PASSWORD_MAX_LENGTH, 'common.tooLong'),
  newPassword: newPasswordSchema,
})
export type ChangePassword = z.infer<typeof ChangePasswordSchema>

/** A new password typed twice, as the forms ask for it: the second must be the same as the first. */
export const PasswordConfirmSchema = z
  .object({ password: newPasswordSchema, confirm: z.string({ error: 'common.required' }).min(1, 'common.required') })
  .refine((value) => value.confirm === '' || value.confirm === value.password, { path: ['confirm'], message: 'accounts.passwordMismatch' })
export type PasswordConfirm = z.infer<typeof PasswordConfirmSchema>

/** Signing up: a full name, an e-mail (kept in lower case) and a new password. */
export const CreateAccountSchema = z.object({
  name: profileNameSchema,
  email: emailSchema.transform((email) => email.toLowerCase()),
  password: newPasswordSchema,
})
export type CreateAccount = z.infer<typeof CreateAccountSchema>

/**
 * Why a picked photo cannot be uploaded, by its declared type and size, or null: the browser's check
 * before sending (the API checks the bytes themselves and the same size limit).
 */
export function profilePhotoProblem(file: { type: string; size: number }): 'profile.photoType' | 'profile.photoTooLarge' | null {
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'profile.photoType'
  if (file.size > PHOTO_MAX_BYTES) return 'profile.photoTooLarge'
  return null
}
