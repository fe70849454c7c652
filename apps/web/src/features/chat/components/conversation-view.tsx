import type { KeyboardEvent } from 'react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Box, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { ChatMessage } from '@offerbook/domain/chat'
import { CHAT_LIMITS, ChatMessageInputSchema } from '@offerbook/domain/chat'
import { ApiClientError } from '../../../shared/api-client'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { errorText } from '../../../shared/i18n/messages'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { messagesInOrder, useMarkConversationRead, useMessages, useSendMessage } from '../api/chat'
import type { GuestConversation } from '../chat-state'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/** The counter shows once this few characters are left. */
const COUNTER_FROM = 200

export type ConversationViewProps = {
  conversationId: string
  /** A guest's token; absent for a signed-in user. */
  guest?: GuestConversation | null
  /** The conversation is on screen (the panel open, or the inbox page): what arrives is read. */
  active: boolean
  /** Where the message box's label points, e.g. "Message to Lena Listing". */
  composeLabel?: string
  /** The server no longer admits this caller to the conversation (a guest's token gone stale). */
  onRefused?: () => void
}

/** Whether this window has the keyboard focus: a message is only read when someone can see it. */
function useWindowFocused(): boolean {
  const [focused, setFocused] = useState(() => document.hasFocus())
  useEffect(() => {
    const update = () => setFocused(document.hasFocus())
    window.addEventListener('focus', update)
    window.addEventListener('blur', update)
    document.addEventListener('visibilitychange', update)
    return () => {
      window.removeEventListener('focus', update)
      window.removeEventListener('blur', update)
      document.removeEventListener('visibilitychange', update)
    }
  }, [])
  return focused
}

function MessageItem({ message }: { message: ChatMessage }) {
  const { t, i18n } = useTranslation()
  const when = dateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(message.createdAt))
  return (
    <Box component="li" data-mine={message.mine || undefined} style={{ display: 'flex', justifyContent: message.mine ? 'flex-end' : 'flex-start' }}>
      <Box
        maw="85%"
        px="sm"
        py={6}
        bg={message.mine ? 'brand.0' : 'gray.1'}
        style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Text size="xs" fw={700}>
            {message.mine ? t('chat.conversation.you') : message.senderName}
          </Text>
          <Text size="xs" c="gray.7">
            <time dateTime={message.createdAt}>{when}</time>
          </Text>
        </Group>
        {/* Plain text: React escapes it and nothing in it becomes a link or markup. */}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
      </Box>
    </Box>
  )
}

/** One conversation: its messages oldest first (mine on the right), earlier ones on demand, and the message box. */
export function ConversationView({ conversationId, guest, active, composeLabel, onRefused }: ConversationViewProps) {
  const { t } = useTranslation()
  const query = useMessages(conversationId, guest)
  const send = useSendMessage(conversationId, guest)
  const markRead = useMarkConversationRead(conversationId, guest)
  const focused = useWindowFocused()
  const form = useSchemaForm({ schema: ChatMessageInputSchema, initialValues: { body: '' } })
  const { body } = form.values
  const logRef = useRef<HTMLDivElement>(null)
  const lastMarked = useRef<string | null>(null)
  const keepFromBottom = useRef<number | null>(null)
  const messages = messagesInOrder(query.data)
  const newest = messages.at(-1)
  const newestTheirs = messages.findLast((message) => !message.mine)

  const refused = query.error instanceof ApiClientError && [401, 403, 404].includes(query.error.status)
  useEffect(() => {
    if (refused) onRefused?.()
  }, [refused, onRefused])

  // What arrives while the conversation is on screen and the window has the focus is read.
  const { mutate: mark } = markRead
  useEffect(() => {
    if (!active || !focused || !newestTheirs || lastMarked.current === newestTheirs.id) return
    lastMarked.current = newestTheirs.id
    mark()
  }, [active, focused, newestTheirs, mark])

  // A new message scrolls to the bottom; earlier ones keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const log = logRef.current
    if (!log) return
    if (keepFromBottom.current !== null) {
      log.scrollTop = log.scrollHeight - keepFromBottom.current
      keepFromBottom.current = null
    } else {
      log.scrollTop = log.scrollHeight
    }
  }, [newest?.id, query.data?.pages.length])

  const loadEarlier = () => {
    if (!query.hasNextPage || query.isFetchingNextPage) return
    const log = logRef.current
    if (log) keepFromBottom.current = log.scrollHeight - log.scrollTop
    void query.fetchNextPage()
  }

  const submit = () => {
    if (send.isPending) return
    const checked = form.validate()
    if (!checked.ok) {
      // An empty box sends nothing and says nothing; anything else refused says why.
      if (body.trim() === '') form.setErrors({})
      return
    }
    send.mutate(checked.data.body, { onSuccess: () => form.setValue('body', '') })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    submit()
  }

  const left = CHAT_LIMITS.bodyMax - body.length

  return (
    <Stack gap="xs" h="100%" style={{ flex: 1, minHeight: 0 }}>
      <Box
        ref={logRef}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
        role="log"
        aria-label={t('chat.conversation.log')}
        tabIndex={0}
        onScroll={(event) => {
          if (event.currentTarget.scrollTop < 24) loadEarlier()
        }}
      >
        {query.hasNextPage && (
          <Group justify="center" pb="xs">
            <Button size="compact-xs" variant="subtle" loading={query.isFetchingNextPage} onClick={loadEarlier}>
              {t('chat.conversation.loadEarlier')}
            </Button>
          </Group>
        )}
        {query.isPending && (
          <Group justify="center" py="md">
            <Loader size="sm" role="status" aria-label={t('chat.conversation.loading')} />
          </Group>
        )}
        {query.isError && <LoadFailedAlert title={t('chat.conversation.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
        {query.isSuccess && messages.length === 0 && (
          <Text size="sm" c="gray.7" ta="center" py="md">
            {t('chat.conversation.empty')}
          </Text>
        )}
        {messages.length > 0 && (
          <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
          </Stack>
        )}
      </Box>
      {send.isError && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {errorText(send.error)}
        </Text>
      )}
      <Textarea
        label={composeLabel ?? t('chat.conversation.message')}
        description={t('chat.conversation.hint')}
        placeholder={t('chat.conversation.placeholder')}
        rows={3}
        resize="vertical"
        maxLength={CHAT_LIMITS.bodyMax}
        {...form.field('body')}
        onKeyDown={onKeyDown}
      />
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c={left < 20 ? 'var(--mantine-color-error)' : 'gray.7'} aria-live="polite">
          {left <= COUNTER_FROM ? t('chat.conversation.left', { count: left }) : ''}
        </Text>
        <Button size="sm" onClick={submit} loading={send.isPending} rightSection={<IconSend size={16} aria-hidden />}>
          {t('chat.conversation.send')}
        </Button>
      </Group>
    </Stack>
  )
}
