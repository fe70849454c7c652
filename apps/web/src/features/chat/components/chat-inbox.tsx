import { Badge, Box, Grid, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { ChatConversation } from '@offerbook/domain/chat'
import { CenteredLoader } from '../../../shared/ui/centered-loader'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { useConversations } from '../api/chat'
import { ConversationView } from './conversation-view'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/** What a conversation is about: the listing's address, or the support team. */
export function useConversationTitle(): (conversation: ChatConversation) => string {
  const { t } = useTranslation()
  return (conversation) => (conversation.kind === 'support' ? t('chat.inbox.support') : (conversation.listingTitle ?? t('chat.inbox.listing')))
}

function ConversationItem({ conversation, selected, onSelect }: { conversation: ChatConversation; selected: boolean; onSelect: (id: string) => void }) {
  const { t, i18n } = useTranslation()
  const about = useConversationTitle()(conversation)
  const when = dateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(conversation.lastMessageAt))
  const unread = conversation.unread > 0
  const label = unread
    ? t('chat.inbox.itemUnread', { name: conversation.counterpartName, about, count: conversation.unread })
    : t('chat.inbox.item', { name: conversation.counterpartName, about })
  return (
    <Box component="li">
      <UnstyledButton
        onClick={() => onSelect(conversation.id)}
        aria-label={label}
        aria-current={selected || undefined}
        data-unread={unread || undefined}
        w="100%"
        p="xs"
        bg={selected ? 'brand.0' : undefined}
        style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={unread ? 700 : 500} truncate>
            {conversation.counterpartName}
          </Text>
          <Group gap={6} wrap="nowrap">
            {unread && (
              <Badge size="sm" color="red" variant="filled" aria-hidden>
                {conversation.unread}
              </Badge>
            )}
            <Text size="xs" c="gray.7">
              <time dateTime={conversation.lastMessageAt}>{when}</time>
            </Text>
          </Group>
        </Group>
        <Text size="xs" c="gray.7" truncate>
          {about}
        </Text>
        <Text size="sm" truncate>
          {conversation.lastMessagePreview ?? t('chat.inbox.noMessages')}
        </Text>
      </UnstyledButton>
    </Box>
  )
}

export type ConversationListProps = { selectedId: string | null; onSelect: (id: string) => void }

/** The signed-in user's conversations, newest first, each with its unread count. */
export function ConversationList({ selectedId, onSelect }: ConversationListProps) {
  const { t } = useTranslation()
  const query = useConversations(true)
  if (query.isPending) return <CenteredLoader />
  if (query.isError) return <LoadFailedAlert title={t('chat.inbox.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
  if (query.data.items.length === 0) {
    return (
      <Text size="sm" c="gray.7" ta="center" py="md">
        {t('chat.inbox.empty')}
      </Text>
    )
  }
  return (
    <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('chat.inbox.listLabel')}>
      {query.data.items.map((conversation) => (
        <ConversationItem key={conversation.id} conversation={conversation} selected={conversation.id === selectedId} onSelect={onSelect} />
      ))}
    </Stack>
  )
}

export type ChatInboxProps = { selectedId: string | null; onSelect: (id: string) => void }

/** /notifications/messages: the conversations beside the one picked. */
export function ChatInbox({ selectedId, onSelect }: ChatInboxProps) {
  const { t } = useTranslation()
  const query = useConversations(true)
  const about = useConversationTitle()
  const selected = query.data?.items.find((conversation) => conversation.id === selectedId) ?? null

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <ConversationList selectedId={selectedId} onSelect={onSelect} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        {selected ? (
          <Paper component="section" withBorder p="md" h={560} style={{ display: 'flex', flexDirection: 'column' }} aria-labelledby="chat-inbox-conversation">
            <Title order={2} size="h4" id="chat-inbox-conversation">
              {selected.counterpartName}
            </Title>
            <Text size="sm" c="gray.7" mb="xs">
              {about(selected)}
            </Text>
            <Box style={{ flex: 1, minHeight: 0 }}>
              <ConversationView
                key={selected.id}
                conversationId={selected.id}
                active
                composeLabel={t('chat.conversation.messageTo', { name: selected.counterpartName })}
              />
            </Box>
          </Paper>
        ) : (
          query.isSuccess &&
          query.data.items.length > 0 && (
            <Text c="gray.7" py="md">
              {t('chat.inbox.pick')}
            </Text>
          )
        )}
      </Grid.Col>
    </Grid>
  )
}
