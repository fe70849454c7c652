import { notifications } from '@mantine/notifications'
import { ApiClientError, UNKNOWN_ERROR_MESSAGE } from './api-client'
import { i18n } from './i18n/i18n'
import { translateMessage } from './i18n/server-messages'

/** The server's message (or its first field error), translated when a key exists for it. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiClientError) return translateMessage(error.message || error.errors[0]?.message || UNKNOWN_ERROR_MESSAGE)
  if (error instanceof Error && error.message) return translateMessage(error.message)
  if (typeof error === 'string' && error) return translateMessage(error)
  return translateMessage(UNKNOWN_ERROR_MESSAGE)
}

/** The notice's close button, named for screen readers (Mantine leaves it unnamed). */
function closeButton() {
  return { 'aria-label': i18n.t('notify.close') }
}

export function notifyError(error: unknown): void {
  notifications.show({ color: 'red', title: i18n.t('notify.errorTitle'), message: errorMessage(error), withBorder: true, closeButtonProps: closeButton() })
}

/** `message` is an English text of the spec or an i18n key; either is shown translated. */
export function notifySuccess(message: string): void {
  const text = i18n.exists(message) ? i18n.t(message) : translateMessage(message)
  notifications.show({ color: 'green', title: i18n.t('notify.successTitle'), message: text, withBorder: true, closeButtonProps: closeButton() })
}
