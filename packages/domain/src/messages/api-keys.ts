import type { MessageTable } from './table'

/** Keys apiKey.* (see ../messages.ts): a user's API keys and the refusals of a request made with one (issue #37, decision 078). */
export const API_KEY_MESSAGES = {
  'apiKey.invalid': 'This API key is not valid: it is unknown, revoked or expired, or its owner can no longer sign in',
  'apiKey.notAccepted': 'This operation does not accept API keys; it is used from the signed-in pages only',
  'apiKey.scopeMissing': 'This API key lacks the scope {scope} that this operation needs',
  'apiKey.required': 'This operation takes an API key (Authorization: Bearer obk_...), not a session',
  'apiKey.tooManyRequests': 'Too many requests with this API key; try again in {seconds} seconds',
  'apiKey.notFound': 'There is no such API key of yours',
  'apiKey.scopesRequired': 'Choose at least one scope',
  'apiKey.expiryPast': 'The expiry must be in the future',
  'apiKey.tooMany': 'You have {maximum} API keys, the most one may have; revoke one first',
} as const satisfies MessageTable
