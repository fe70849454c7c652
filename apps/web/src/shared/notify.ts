import type { NotificationData } from '@mantine/notifications'
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

/**
 * Shows a notice. The notices' code is a chunk of its own, so a page does not wait for it: the notice
 * (its texts taken now, in the reader's language) shows as soon as it has loaded, at once after the first.
 */
function show(notice: NotificationData): void {
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(notice))
}

export function notifyError(error: unknown): void {
  show({ color: 'red', title: i18n.t('notify.errorTitle'), message: errorMessage(error), withBorder: true, closeButtonProps: closeButton() })
}

/** `text` is an i18n key of the web's own texts, or a text already translated. */
export function notifySuccess(text: string): void {
  const message = i18n.exists(text) ? i18n.t(text) : text
  show({ color: 'green', title: i18n.t('notify.successTitle'), message, withBorder: true, closeButtonProps: closeButton() })
}
