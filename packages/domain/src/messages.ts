import { ACCOUNT_MESSAGES } from './messages/accounts'
import { paramsInLanguage } from './messages/params'
import { CLAUSE_MESSAGES } from './messages/clauses'
import { COMMON_MESSAGES } from './messages/common'
import { LISTING_IMPORT_MESSAGES } from './messages/listing-import'
import { LISTING_MESSAGES } from './messages/listings'
import { OFFER_MESSAGES } from './messages/offers'
import { SIGNING_API_MESSAGES } from './messages/signing'
import { SEND_MESSAGES } from './messages/send'
import { CHAT_MESSAGES } from './messages/chat'
import { EVENT_MESSAGES } from './messages/events'
import { ADMIN_USER_MESSAGES } from './messages/admin-users'
import { INACTIVE_USER_MESSAGES } from './messages/inactive-users'
import { IDENTITY_MESSAGES } from './messages/identity'
import { USER_IMPORT_MESSAGES } from './messages/user-import'
import { MLS_REPLICATION_MESSAGES } from './messages/mls-replication'
import { TEAM_MESSAGES } from './messages/teams'
import { ANALYTICS_MESSAGES } from './messages/analytics'
import { NEGOTIATION_MESSAGES } from './messages/negotiation'
import { OFFER_RECORD_MESSAGES } from './messages/offer-record'
import { JOB_MESSAGES } from './messages/jobs'
import { TIMELINE_MESSAGES } from './messages/timeline'
import { TRANSACTION_FILE_MESSAGES } from './messages/transaction-file'
import { AMENDMENT_MESSAGES } from './messages/amendments'
import { NOTICE_MESSAGES } from './messages/notices'
import { BROKERAGE_EXPORT_MESSAGES } from './messages/brokerage-export'
import { EARNEST_MONEY_MESSAGES } from './messages/earnest-money'
import { API_KEY_MESSAGES } from './messages/api-keys'
import { INTEGRATION_MESSAGES } from './messages/integrations'
import { WEBHOOK_MESSAGES } from './messages/webhooks'

/**
 * The message catalogue (docs/decisions/020-message-catalogue.md): every message the API can send,
 * by key, with its English template. A parameter is written `{name}`. The API answers with the key,
 * its parameters and the English text; the browser translates by key (locales/es-es/messages-*.json),
 * and its en-us texts are these templates, so the spec's words are written once.
 *
 * Schemas name a key as their zod message (`.min(1, 'common.required')`); zod's own `minimum` and
 * `maximum` and a refinement's `params` become the message's parameters (issueMessage).
 */
export const MESSAGE_AREAS = { COMMON_MESSAGES, ACCOUNT_MESSAGES, LISTING_MESSAGES, LISTING_IMPORT_MESSAGES, OFFER_MESSAGES, CLAUSE_MESSAGES, SIGNING_API_MESSAGES, SEND_MESSAGES, CHAT_MESSAGES, EVENT_MESSAGES,
  ADMIN_USER_MESSAGES, INACTIVE_USER_MESSAGES, IDENTITY_MESSAGES, USER_IMPORT_MESSAGES, MLS_REPLICATION_MESSAGES, TEAM_MESSAGES, ANALYTICS_MESSAGES, NEGOTIATION_MESSAGES, OFFER_RECORD_MESSAGES, JOB_MESSAGES, TIMELINE_MESSAGES, TRANSACTION_FILE_MESSAGES, AMENDMENT_MESSAGES, NOTICE_MESSAGES, BROKERAGE_EXPORT_MESSAGES, EARNEST_MONEY_MESSAGES, API_KEY_MESSAGES, INTEGRATION_MESSAGES, WEBHOOK_MESSAGES } as const

export const CATALOGUE = {
  ...COMMON_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...LISTING_MESSAGES,
  ...LISTING_IMPORT_MESSAGES,
  ...OFFER_MESSAGES,
  ...CLAUSE_MESSAGES,
  ...SIGNING_API_MESSAGES,
  ...SEND_MESSAGES,
  ...CHAT_MESSAGES,
  ...EVENT_MESSAGES,
  ...ADMIN_USER_MESSAGES,
  ...INACTIVE_USER_MESSAGES,
  ...IDENTITY_MESSAGES,
  ...USER_IMPORT_MESSAGES,
  ...MLS_REPLICATION_MESSAGES,
  ...TEAM_MESSAGES,
  ...ANALYTICS_MESSAGES,
  ...NEGOTIATION_MESSAGES,
  ...OFFER_RECORD_MESSAGES,
  ...JOB_MESSAGES,
  ...TIMELINE_MESSAGES,
  ...TRANSACTION_FILE_MESSAGES,
  ...AMENDMENT_MESSAGES,
  ...NOTICE_MESSAGES,
  ...BROKERAGE_EXPORT_MESSAGES,
  ...EARNEST_MONEY_MESSAGES,
  ...API_KEY_MESSAGES,
  ...INTEGRATION_MESSAGES,
  ...WEBHOOK_MESSAGES,
} as const

export type MessageKey = keyof typeof CATALOGUE
export type MessageParams = Readonly<Record<string, string | number>>
/** A message as the API sends it and the browser shows it: a key and its parameters. */
export type Message = { key: MessageKey; params?: MessageParams }

// Apart from the catalogue, so the browser's frame translates without loading every message (decision 074).
export { CALENDAR_DATE_PARAMS, paramsInLanguage } from './messages/params'

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(CATALOGUE, value)
}

/** Checks a key at compile time where a plain string is expected (a zod message, a table value). */
export function key<K extends MessageKey>(messageKey: K): K {
  return messageKey
}

const PARAMETER = /\{(\w+)\}/g

/** The names a template's `{name}` placeholders use, in order. */
export function templateParams(template: string): string[] {
  return [...template.matchAll(PARAMETER)].map((match) => match[1] ?? '')
}

/** The English text of a message; a parameter not given is left as `{name}`. */
export function messageText(messageKey: MessageKey, params: MessageParams = {}): string {
  const written = paramsInLanguage(messageKey, params, 'en-us')
  return CATALOGUE[messageKey].replace(PARAMETER, (whole, name: string) => (Object.hasOwn(written, name) ? String(written[name]) : whole))
}

export function message(messageKey: MessageKey, params?: MessageParams): Message {
  return params && Object.keys(params).length > 0 ? { key: messageKey, params } : { key: messageKey }
}

/** What a zod issue carries that can become a parameter. */
export type IssueLike = { message?: string; minimum?: unknown; maximum?: unknown; params?: unknown }

function asParam(value: unknown): string | number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'bigint') return Number(value)
  if (typeof value === 'string') return value
  return undefined
}

/**
 * The message of a zod issue: its message is a catalogue key; `minimum`, `maximum` and a
 * refinement's `params` are its parameters. An issue whose message is no key (zod's own wording, for
 * a value of the wrong type) is common.invalidValue.
 */
export function issueMessage(issue: IssueLike): Message {
  if (!isMessageKey(issue.message)) return { key: 'common.invalidValue' }
  const params: Record<string, string | number> = {}
  const minimum = asParam(issue.minimum)
  const maximum = asParam(issue.maximum)
  if (minimum !== undefined) params.minimum = minimum
  if (maximum !== undefined) params.maximum = maximum
  if (issue.params && typeof issue.params === 'object') {
    for (const [name, value] of Object.entries(issue.params)) {
      const param = asParam(value)
      if (param !== undefined) params[name] = param
    }
  }
  return message(issue.message, params)
}

/** A zod issue's path as the API names a field: segments joined by dots. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.')
}
