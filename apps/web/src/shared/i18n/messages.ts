import type { Message, MessageKey } from '@offerbook/domain/messages'
import { paramsInLanguage } from '@offerbook/domain/messages/params'
import { MESSAGE_NAMESPACE } from '../../locales/tree'
import { ApiClientError, UNKNOWN_ERROR } from '../api-client'
import { activeTranslator } from './translation'

/**
 * Messages by catalogue key (docs/decisions/020-message-catalogue.md). The en-us texts are the
 * catalogue's own templates; es-es has locales/es-es/messages-*.json. Both live under `messages.`.
 */
export function messageI18nKey(key: MessageKey): string {
  return `${MESSAGE_NAMESPACE}.${key}`
}

/** Whether this browser has a text for the key (a newer server may send one it does not know). */
function hasText(key: string): boolean {
  return activeTranslator().exists(messageI18nKey(key as MessageKey))
}

/**
 * A message in the reader's language. A plain string that is a catalogue key is translated too. A
 * key without a text here reads as client.unknown's text. A parameter that is a calendar date
 * (CALENDAR_DATE_PARAMS) is written out in the reader's language.
 */
export function translate(message: Message | MessageKey): string {
  const { key, params } = typeof message === 'string' ? { key: message, params: undefined } : message
  const { t, language } = activeTranslator()
  if (!hasText(key)) return t(messageI18nKey(UNKNOWN_ERROR.key))
  return t(messageI18nKey(key), { ...paramsInLanguage(key, params, language) })
}

/** The same, for a value that may be missing: what a form's `error` prop takes. */
export function translateOptional(message: Message | MessageKey | null | undefined): string | undefined {
  return message ? translate(message) : undefined
}

/**
 * What an error says to the reader (spec section 8): the API's message by key, translated; a key
 * this browser has no text for (a newer server's) shows the server's own message field; anything
 * else, a generic one.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiClientError) {
    const serverText = error.message.trim()
    if (!hasText(error.detail.key) && serverText !== '' && serverText !== error.detail.key) return serverText
    return translate(error.detail)
  }
  if (typeof error === 'string' && hasText(error)) return translate(error as MessageKey)
  return translate(UNKNOWN_ERROR)
}
