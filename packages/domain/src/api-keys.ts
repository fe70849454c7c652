import { z } from 'zod'
import { requiredText } from './validation'

/**
 * API keys (issue #37 item 1, decision 078): a user's keys for the brokerage's own systems. A key acts
 * as its owner, within the owner's roles, and only in the operations its scopes name.
 */
export const API_KEY_SCOPES = ['listings:read', 'offers:read', 'offers:write', 'records:read', 'webhooks'] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

/** Every key starts so: the auth hook tells a key from a session token by it, and so can a secret scanner. */
export const API_KEY_PREFIX = 'obk_'

/** The characters of a key after its prefix: 43 of base64url, 256 random bits. */
const KEY_BODY = /^[A-Za-z0-9_-]{43}$/

export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX)
}

export function isWellFormedApiKey(token: string): boolean {
  return isApiKeyToken(token) && KEY_BODY.test(token.slice(API_KEY_PREFIX.length))
}

/** How many characters of a key are kept to name it in a list (the prefix and the first 8 of its body). */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8

/** Keys one user may hold (revoked keys do not count). */
export const MAX_API_KEYS = 25

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: 'common.invalidValue' })

export const CreateApiKeySchema = z.object({
  name: requiredText.max(80, 'common.tooLong'),
  scopes: z
    .array(ApiKeyScopeSchema)
    .max(API_KEY_SCOPES.length, 'common.invalidValue')
    .refine((scopes) => scopes.length > 0, 'apiKey.scopesRequired')
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
  /** The instant the key stops working; null or left out: it never expires. */
  expiresAt: z.iso.datetime({ offset: true, error: 'common.invalidValue' }).nullable().optional(),
})
export type CreateApiKey = z.input<typeof CreateApiKeySchema>

/** A key as its owner's list shows it: never the key itself, which is shown once, when it is made. */
export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (obk_ and 8 more), to tell it apart. */
  start: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Recorded at most once a minute. */
  lastUsedAt: z.string().nullable(),
  expired: z.boolean(),
})
export type ApiKey = z.infer<typeof ApiKeySchema>

export const ApiKeysSchema = z.object({ items: z.array(ApiKeySchema) })
export type ApiKeys = z.infer<typeof ApiKeysSchema>

/** The answer to a new key: the key itself, this once, and how it is listed from now on. */
export const CreatedApiKeySchema = z.object({ key: ApiKeySchema, secret: z.string() })
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>

export const ApiKeyParamsSchema = z.object({ id: z.uuid({ error: 'apiKey.notFound' }) })
