import type { MessageTable } from './table'

/** Keys chat.* (see ../messages.ts for the rules of the catalogue). */
export const CHAT_MESSAGES = {
  'chat.notFound': 'Conversation not found',
  'chat.listingNotFound': 'This property is not available for chat',
  'chat.selfChat': 'You cannot start a chat with yourself',
  'chat.tooManyChats': 'You have started too many chats. Please try again later',
  'chat.tooManyMessages': 'You are sending messages too fast. Please wait a moment',
  'chat.supportTeam': 'Offerbook support',
} as const satisfies MessageTable
