import type { MessageTable } from './table'

/** Keys send.* (see ../messages.ts for the rules of the catalogue). */
export const SEND_MESSAGES = {
  'send.enterEmails': 'Please enter email(s)',
  'send.tooManyRecipients': 'Send to at most {maximum} recipients at a time',
  'send.subjectOneLine': 'The subject must be a single line',
  'send.smsTooLong': 'The text message is too long: with your name and the opt-out line it may have at most {maximum} characters',
  'send.emailHourlyLimit': 'You can send at most {limit} emails an hour. Please try again later.',
  'send.smsHourlyLimit': 'You can send at most {limit} text messages an hour. Please try again later.',
  'send.propertyNotFound': 'Property not found',
  'send.unsubscribeNotFound': 'This unsubscribe link is not valid',
  'send.badSignature': 'The request signature is not valid',
} as const satisfies MessageTable
