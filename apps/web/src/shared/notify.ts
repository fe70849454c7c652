import { notifications } from '@mantine/notifications'
import { i18n } from './i18n/i18n'
import { errorText } from './i18n/messages'

/** The server's message by its key, in the reader's language (or a generic one). */
export function errorMessage(error: unknown): string {
  return errorText(error)
}

/** The notice's close button, named for screen readers (Mantine leaves it unnamed). */
function closeButton() {
  return { 'aria-label': i18n.t('notify.close') }
}

export function notifyError(error: unknown): void {
  notifications.show({ color: 'red', title: i18n.t('notify.errorTitle'), message: errorMessage(error), withBorder: true, closeButtonProps: closeButton() })
}

/** `text` is an i18n key of the web's own texts, or a text already translated. */
export function notifySuccess(text: string): void {
  const message = i18n.exists(text) ? i18n.t(text) : text
  notifications.show({ color: 'green', title: i18n.t('notify.successTitle'), message, withBorder: true, closeButtonProps: closeButton() })
}
