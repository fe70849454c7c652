import { z } from 'zod'
import { freeText } from './validation'
import { pageOf } from './paging'

/**
 * The identity provider page (issue #15, /admin/firebase): the OIDC provider's configuration and
 * live check, the accounts linked to it, and the import of a Firebase Authentication export.
 */

export const IdentityConfigSchema = z.object({
  configured: z.boolean(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  /** What to register at the provider as the redirect URI. */
  callbackUrl: z.string(),
})
export type IdentityConfig = z.infer<typeof IdentityConfigSchema>

/** A refusal as the catalogue names it, for the page to show in its language. */
export const IdentityMessageSchema = z.object({ key: z.string(), message: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })
export type IdentityMessage = z.infer<typeof IdentityMessageSchema>

/** The scopes Offerbook asks for; the check reports those the provider does not list. */
export const REQUIRED_SCOPES = ['openid', 'email', 'profile'] as const

export const IdentityCheckSchema = z.object({
  reachable: z.boolean(),
  issuerMatches: z.boolean(),
  jwksKeys: z.number().int(),
  scopesSupported: z.array(z.string()),
  missingScopes: z.array(z.string()),
  error: IdentityMessageSchema.optional(),
})
export type IdentityCheck = z.infer<typeof IdentityCheckSchema>

export const LinkedAccountSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  subject: z.string(),
  linkedAt: z.iso.datetime({ offset: true }),
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
})
export type LinkedAccount = z.infer<typeof LinkedAccountSchema>

export const LinkedAccountPageSchema = pageOf(LinkedAccountSchema)
export type LinkedAccountPage = z.infer<typeof LinkedAccountPageSchema>

/** At most this many users per import (Firebase's own export pages are 1,000). */
export const FIREBASE_IMPORT_MAX_USERS = 5000
export const FIREBASE_SCRYPT_BOUNDS = { rounds: { min: 1, max: 16 }, memCost: { min: 1, max: 15 } } as const

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
export const isBase64 = (value: string) => BASE64.test(value)

const optionalText = (max: number) => freeText({ error: 'identity.userShape' }).max(max, 'identity.userShape').optional()
const base64Text = (max: number) => freeText({ error: 'identity.userShape' }).max(max, 'identity.userShape').refine(isBase64, 'identity.userShape').optional()

/**
 * One user as `firebase auth:export users.json` writes it. Fields this page does not use
 * (providerUserInfo, createdAt, lastSignedInAt, customAttributes...) are accepted and ignored.
 */
export const FirebaseUserSchema = z.looseObject(
  {
    localId: freeText({ error: 'identity.localIdRequired' }).min(1, 'identity.localIdRequired').max(128, 'identity.localIdRequired'),
    email: optionalText(320),
    emailVerified: z.boolean({ error: 'identity.userShape' }).optional(),
    displayName: optionalText(500),
    phoneNumber: optionalText(40),
    passwordHash: base64Text(1024),
    salt: base64Text(1024),
  },
  { error: 'identity.userShape' },
)
export type FirebaseUser = z.infer<typeof FirebaseUserSchema>

/** The project's password hash parameters as the Firebase console shows them (hash_config). */
export const FirebaseHashConfigSchema = z.object(
  {
    algorithm: z.literal('SCRYPT', { error: 'identity.hashAlgorithm' }),
    base64_signer_key: z.string({ error: 'identity.signerKeyInvalid' }).min(4, 'identity.signerKeyInvalid').max(1024, 'identity.signerKeyInvalid').refine(isBase64, 'identity.signerKeyInvalid'),
    base64_salt_separator: z.string({ error: 'identity.saltSeparatorInvalid' }).max(1024, 'identity.saltSeparatorInvalid').refine(isBase64, 'identity.saltSeparatorInvalid'),
    rounds: z
      .number({ error: 'identity.roundsInvalid' })
      .int('identity.roundsInvalid')
      .min(FIREBASE_SCRYPT_BOUNDS.rounds.min, 'identity.roundsInvalid')
      .max(FIREBASE_SCRYPT_BOUNDS.rounds.max, 'identity.roundsInvalid'),
    mem_cost: z
      .number({ error: 'identity.memCostInvalid' })
      .int('identity.memCostInvalid')
      .min(FIREBASE_SCRYPT_BOUNDS.memCost.min, 'identity.memCostInvalid')
      .max(FIREBASE_SCRYPT_BOUNDS.memCost.max, 'identity.memCostInvalid'),
  },
  { error: 'identity.hashConfigShape' },
)
export type FirebaseHashConfig = z.infer<typeof FirebaseHashConfigSchema>

export const FirebaseImportSchema = z.object(
  {
    users: z
      .array(FirebaseUserSchema, { error: 'identity.usersRequired' })
      .min(1, 'identity.usersEmpty')
      .max(FIREBASE_IMPORT_MAX_USERS, 'identity.tooManyUsers'),
    hashConfig: FirebaseHashConfigSchema.optional(),
  },
  { error: 'identity.usersRequired' },
)
export type FirebaseImport = z.infer<typeof FirebaseImportSchema>

export const FirebaseImportProblemSchema = z.object({ index: z.number().int(), email: z.string().nullable(), key: z.string(), message: z.string() })
export type FirebaseImportProblem = z.infer<typeof FirebaseImportProblemSchema>

export const FirebaseImportResultSchema = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  invited: z.number().int(),
  problems: z.array(FirebaseImportProblemSchema),
})
export type FirebaseImportResult = z.infer<typeof FirebaseImportResultSchema>

/** The form's four hash fields (all empty: no parameters) made into the console's hash_config. */
export const HashParametersFormSchema = z
  .object({ signerKey: z.string(), saltSeparator: z.string(), rounds: z.string(), memCost: z.string() })
  .superRefine((value, ctx) => {
    const filled = [value.signerKey, value.saltSeparator, value.rounds, value.memCost].some((field) => field.trim() !== '')
    if (!filled) return
    if (!isBase64(value.signerKey.trim()) || value.signerKey.trim().length < 4) ctx.addIssue({ code: 'custom', path: ['signerKey'], message: 'identity.signerKeyInvalid' })
    if (!isBase64(value.saltSeparator.trim())) ctx.addIssue({ code: 'custom', path: ['saltSeparator'], message: 'identity.saltSeparatorInvalid' })
    const rounds = Number(value.rounds)
    if (!/^\d+$/.test(value.rounds.trim()) || rounds < FIREBASE_SCRYPT_BOUNDS.rounds.min || rounds > FIREBASE_SCRYPT_BOUNDS.rounds.max)
      ctx.addIssue({ code: 'custom', path: ['rounds'], message: 'identity.roundsInvalid' })
    const memCost = Number(value.memCost)
    if (!/^\d+$/.test(value.memCost.trim()) || memCost < FIREBASE_SCRYPT_BOUNDS.memCost.min || memCost > FIREBASE_SCRYPT_BOUNDS.memCost.max)
      ctx.addIssue({ code: 'custom', path: ['memCost'], message: 'identity.memCostInvalid' })
  })
export type HashParametersForm = z.infer<typeof HashParametersFormSchema>
