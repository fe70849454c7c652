import { z } from 'zod'
import type { Role } from './roles'
import { LanguageSchema } from './user'
import { fullNameSchema, isMlsId, MESSAGES, minLength, mlsIdSchema } from './validation'

/** The messages of onboarding and the profile; the spec's own texts live in MESSAGES. */
export const PROFILE_MESSAGES = {
  nrds: 'NRDS number must be 9 digits',
  zipcode: 'Invalid ZIP code',
  roleNotOffered: 'Choose how you will use Offerbook: as a buyer or a seller, on your own or as an agent',
  alreadyOnboarded: 'You have already completed onboarding',
  phoneInUse: 'This phone number is already in use',
  nameTooLong: 'Must have at most 200 characters',
  passwordTooLong: 'Must have at most 256 characters',
  wrongCurrentPassword: 'Your current password is not correct',
  noPassword: 'Your account signs in without a password, so there is none to change',
  photoTooLarge: 'The photo is larger than 5 MB',
  photoType: 'The photo must be a JPEG, PNG or WebP image',
  photoMissing: 'Choose a photo to upload',
  photoOnlyOne: 'Send one file, in the form field photo, and nothing else',
  photoNotMultipart: 'Send the photo as multipart/form-data',
  principalBrokerPending: 'Your principal broker request is already pending',
  alreadyPrincipalBroker: 'You are already a principal broker',
  agentDetailsOnly: 'Only agents have an NRDS number and MLS ID',
} as const

/**
 * The roles a user may pick when onboarding. PRINCIPAL_BROKER is granted after a request, ADMIN and
 * SUPER_ADMIN only by an administrator.
 */
export const ONBOARDING_KINDS = ['SELLER_SIMPLE', 'SELLER_OWNER', 'SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT'] as const satisfies readonly Role[]
export type OnboardingKind = (typeof ONBOARDING_KINDS)[number]

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

export const E164_PATTERN = /^\+[1-9]\d{6,14}$/
export const NRDS_PATTERN = /^\d{9}$/
export const ZIPCODE_PATTERN = /^\d{5}(?:-\d{4})?$/
export const MLS_ID_MAX_LENGTH = 32
export const NAME_MAX_LENGTH = 200
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 256
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** A text field that may be left empty ('' or absent); when filled it must pass `valid`. */
function blankOr(valid: (value: string) => boolean, message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || valid(value), message)
    .optional()
}

const isFilled = (value: string | undefined): value is string => value !== undefined && value !== ''

export const OnboardingKindSchema = z.enum(ONBOARDING_KINDS, { error: PROFILE_MESSAGES.roleNotOffered })

/**
 * Onboarding picks one kind of user. Agents must give all four details; everyone else may give a
 * phone and ZIP code, and any NRDS number or MLS ID they send is not kept.
 */
export const OnboardingSchema = z
  .object({
    kind: OnboardingKindSchema,
    nrds: blankOr((value) => NRDS_PATTERN.test(value), PROFILE_MESSAGES.nrds),
    sellerAgentId: blankOr((value) => value.length <= MLS_ID_MAX_LENGTH && isMlsId(value), MESSAGES.mlsId),
    phone: blankOr((value) => E164_PATTERN.test(value), MESSAGES.invalidPhone),
    zipcode: blankOr((value) => ZIPCODE_PATTERN.test(value), PROFILE_MESSAGES.zipcode),
  })
  .superRefine((input, context) => {
    if (!isAgentKind(input.kind)) return
    for (const field of ['nrds', 'sellerAgentId', 'phone', 'zipcode'] as const) {
      if (!isFilled(input[field])) context.addIssue({ code: 'custom', path: [field], message: MESSAGES.required })
    }
  })
export type Onboarding = z.infer<typeof OnboardingSchema>

/** Control characters (NUL among them, which PostgreSQL text cannot hold) have no place in a name. */
export function isControlCharacter(char: string): boolean {
  const code = char.charCodeAt(0)
  return code < 0x20 || code === 0x7f
}

const hasNoControlCharacters = (value: string) => ![...value].some(isControlCharacter)

export const profileNameSchema = fullNameSchema
  .refine((value) => value.length <= NAME_MAX_LENGTH, PROFILE_MESSAGES.nameTooLong)
  .refine(hasNoControlCharacters, MESSAGES.fullName)

/**
 * An agent's NRDS number or MLS ID on the profile: it may be changed but not emptied, since onboarding
 * requires both of an agent. Empty is 'Required'; anything else must pass `valid`, one message a field.
 */
function agentDetail(valid: z.ZodType<string, string>) {
  return z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).pipe(valid).optional()
}

export const profileNrdsSchema = agentDetail(z.string().regex(NRDS_PATTERN, PROFILE_MESSAGES.nrds))
export const profileMlsIdSchema = agentDetail(z.string().max(MLS_ID_MAX_LENGTH, MESSAGES.mlsId).pipe(mlsIdSchema))

/**
 * Any subset of the fields; an empty phone or ZIP code clears it. The NRDS number and MLS ID belong to
 * agents only (the API refuses them from anyone else) and cannot be cleared.
 */
export const UpdateProfileSchema = z.object({
  name: profileNameSchema.optional(),
  phone: blankOr((value) => E164_PATTERN.test(value), MESSAGES.invalidPhone),
  zipcode: blankOr((value) => ZIPCODE_PATTERN.test(value), PROFILE_MESSAGES.zipcode),
  language: LanguageSchema.optional(),
  nrds: profileNrdsSchema,
  sellerAgentId: profileMlsIdSchema,
})
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>

export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(PASSWORD_MAX_LENGTH, PROFILE_MESSAGES.passwordTooLong),
  newPassword: minLength(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH, PROFILE_MESSAGES.passwordTooLong),
})
export type ChangePassword = z.infer<typeof ChangePasswordSchema>
