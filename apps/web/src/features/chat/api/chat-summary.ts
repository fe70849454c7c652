import { useQuery } from '@tanstack/react-query'
import type { ChatConversationList } from '@offerbook/domain/chat'
import { apiClient } from '../../../shared/api-client'
import { chatKeys } from '../../../shared/query-keys'

/**
 * What the corner button needs, on every page: the query keys and the signed-in caller's unread
 * count. Kept apart from chat.ts so that the first page load carries none of the rest of the chat.
 */


/** GET /api/chat/conversations with the session's token: the caller's conversations and unread total. */
export function listMyConversations(): Promise<ChatConversationList> {
  return apiClient.get<ChatConversationList>('/chat/conversations')
}

/** The signed-in user's unread total (the same query as their conversation list). */
export function useChatUnread(enabled: boolean): number {
  const query = useQuery({ queryKey: chatKeys.conversations(), queryFn: listMyConversations, enabled })
  return enabled ? (query.data?.unread ?? 0) : 0
}
