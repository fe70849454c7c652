import type { InfiniteData } from '@tanstack/react-query'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChatConversationList, ChatMessage, ChatMessagePage, ChatReadAnswer, StartChatAnswer, StartChatInput } from '@offerbook/domain/chat'
import { CHAT_VISITOR_HEADER, chatVisitorHeaderValue } from '@offerbook/domain/chat'
import type { RequestOptions } from '../../../shared/api-client'
import { apiClient } from '../../../shared/api-client'
import type { GuestConversation } from '../chat-state'
import { listMyConversations } from './chat-summary'
import { chatKeys } from '../../../shared/query-keys'

/**
 * The chat API (issue #14 item 5). A signed-in user calls it with the session's bearer token; a
 * guest with X-Chat-Visitor, which admits only their own conversation.
 */

/** A guest's requests carry their conversation's token; a refusal does not send them to sign-in. */
export function guestOptions(guest: GuestConversation | null | undefined): RequestOptions {
  if (!guest) return {}
  return { headers: { [CHAT_VISITOR_HEADER]: chatVisitorHeaderValue(guest.conversationId, guest.token) }, redirectOnUnauthorized: false }
}

const path = (conversationId: string, rest = '') => `/chat/conversations/${encodeURIComponent(conversationId)}${rest}`

export function startConversation(input: StartChatInput): Promise<StartChatAnswer> {
  return apiClient.post<StartChatAnswer>('/chat/conversations', input, { redirectOnUnauthorized: false })
}

export function listConversations(guest?: GuestConversation | null): Promise<ChatConversationList> {
  if (!guest) return listMyConversations()
  return apiClient.get<ChatConversationList>('/chat/conversations', undefined, guestOptions(guest))
}

export function listMessages(conversationId: string, before: string | undefined, guest?: GuestConversation | null): Promise<ChatMessagePage> {
  return apiClient.get<ChatMessagePage>(path(conversationId, '/messages'), { before }, guestOptions(guest))
}

export function sendMessage(conversationId: string, body: string, guest?: GuestConversation | null): Promise<ChatMessage> {
  return apiClient.post<ChatMessage>(path(conversationId, '/messages'), { body }, guestOptions(guest))
}

export function markConversationRead(conversationId: string, guest?: GuestConversation | null): Promise<ChatReadAnswer> {
  return apiClient.post<ChatReadAnswer>(path(conversationId, '/read'), {}, guestOptions(guest))
}

/** The caller's conversations and unread total; `enabled` false for a visitor who has none. */
export function useConversations(enabled: boolean, guest?: GuestConversation | null) {
  return useQuery({ queryKey: chatKeys.conversations(guest?.conversationId), queryFn: () => listConversations(guest), enabled })
}

export type MessagePages = InfiniteData<ChatMessagePage, unknown>

/** A conversation's messages, newest page first; fetchNextPage loads earlier ones. */
export function useMessages(conversationId: string, guest?: GuestConversation | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(conversationId),
    queryFn: ({ pageParam }) => listMessages(conversationId, pageParam ?? undefined, guest),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ChatMessagePage) => (last.hasMore && last.items[0] ? last.items[0].createdAt : undefined),
  })
}

/** The pages in reading order: oldest first, without duplicates. */
export function messagesInOrder(data: MessagePages | undefined): ChatMessage[] {
  if (!data) return []
  const seen = new Set<string>()
  const ordered: ChatMessage[] = []
  for (const page of [...data.pages].reverse()) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue
      seen.add(item.id)
      ordered.push(item)
    }
  }
  return ordered
}

export function useStartConversation() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: startConversation, onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }) })
}

/** Sends a message; the answer joins the newest page at once, then the lists refresh. */
export function useSendMessage(conversationId: string, guest?: GuestConversation | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: string) => sendMessage(conversationId, body, guest),
    onSuccess: (message) => {
      queryClient.setQueryData<MessagePages>(chatKeys.messages(conversationId), (data) => {
        if (!data || data.pages.length === 0) return data
        const [newest, ...older] = data.pages
        if (!newest || newest.items.some((item) => item.id === message.id)) return data
        return { ...data, pages: [{ ...newest, items: [...newest.items, message] }, ...older] }
      })
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversationsAll() })
    },
  })
}

export function useMarkConversationRead(conversationId: string, guest?: GuestConversation | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => markConversationRead(conversationId, guest),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.conversationsAll() }),
  })
}
