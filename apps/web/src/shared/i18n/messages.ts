import type { Message, MessageKey } from '@offerbook/domain/messages'
import { isMessageKey } from '@offerbook/domain/messages'
import { MESSAGE_NAMESPACE } from '../../locales/resources'
import { ApiClientError, UNKNOWN_ERROR } from '../api-client'
import { i18n } from './i18n'

/**
 * Messages by catalogue key (docs/decisions/020-message-catalogue.md). The en-us texts are the
 * catalogue's own templates; es-es has locales/es-es/messages-*.json. Both live under `messages.`.
 */
export function messageI18nKey(key: MessageKey): string {
  return `${MESSAGE_NAMESPACE}.${key}`
}

/** A message in the reader's language. A plain string that is a catalogue key is translated too. */
export function translate(message: Message | MessageKey): string {
  const { key, params } = typeof message === 'string' ? { key: message, params: undefined } : message
  return i18n.t(messageI18nKey(key), { ...params })
}

/** The same, for a value that may be missing: what a form's `error` prop takes. */
export function translateOptional(message: Message | MessageKey | null | undefined): string | undefined {
  return message ? translate(message) : undefined
}

/** What an error says to the reader: the API's message by key, else a generic one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiClientError) return translate(error.detail)
  if (isMessageKey(error)) return translate(error)
  return translate(UNKNOWN_ERROR)
}
