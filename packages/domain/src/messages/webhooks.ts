import type { MessageTable } from './table'

/** Keys webhook.* (see ../messages.ts): a user's webhook endpoints and their deliveries (issue #37, decision 079). */
export const WEBHOOK_MESSAGES = {
  'webhook.notFound': 'There is no such webhook endpoint of yours',
  'webhook.deliveryNotFound': 'There is no such delivery to this endpoint',
  'webhook.eventsRequired': 'Choose at least one event',
  'webhook.badUrl': 'Enter a web address that starts with https:// or http://, without a user name or password',
  'webhook.privateAddress': 'This address is on a private network; webhooks go only to public addresses here',
  'webhook.tooMany': 'You have {maximum} webhook endpoints, the most one may have; delete one first',
} as const satisfies MessageTable
