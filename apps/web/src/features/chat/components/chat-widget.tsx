import type { KeyboardEvent } from 'react'
import { useEffect, useRef, useState } from 'react'
import { ActionIcon, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft, IconArrowsMaximize, IconArrowsMinimize, IconMessagePlus, IconX } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../../shared/i18n/translation'
import type { ChatConversation, StartChatAnswer } from '@offerbook/domain/chat'
import { CHAT_VISITOR_HEADER, chatVisitorHeaderValue } from '@offerbook/domain/chat'
import type { Role } from '@offerbook/domain/roles'
import { errorText } from '../../../shared/i18n/messages'
import { openEventStream } from '../../../shared/live/event-stream'
import { useConversations, useStartConversation } from '../api/chat'
import type { GuestConversation } from '../chat-state'
import { chatScope, forgetGuestConversation, saveGuestConversation, useChatFlags, useGuestConversation } from '../chat-state'
import { ConversationList, useConversationTitle } from './chat-inbox'
import { ConversationView } from './conversation-view'
import { GuestForm } from './guest-form'
import { chatKeys } from '../../../shared/query-keys'

export type ChatWidgetProps = {
  /** The panel's id, which the launcher's aria-controls names. */
  id: string
  open: boolean
  onClose: () => void
  /** The listing of the property page shown; null elsewhere (the support team). */
  listingId: string | null
  roles: readonly Role[] | null
  signedIn: boolean
}

const SUPPORT_STAFF: readonly Role[] = ['ADMIN', 'SUPER_ADMIN']

/**
 * A guest has no account stream: while the widget holds their conversation it opens one of its own
 * with the conversation's token. A token the server no longer accepts is forgotten (a new form).
 */
function useGuestStream(guest: GuestConversation | null, scope: string): void {
  const queryClient = useQueryClient()
  const conversationId = guest?.conversationId
  const token = guest?.token
  useEffect(() => {
    if (!conversationId || !token) return
    const refresh = () => void queryClient.invalidateQueries({ queryKey: chatKeys.all })
    return openEventStream({
      headers: () => ({ [CHAT_VISITOR_HEADER]: chatVisitorHeaderValue(conversationId, token) }),
      onEvent: (event) => {
        if (event.type === 'chat.message' || event.type === 'chat.read') refresh()
      },
      onOpen: (reconnected) => {
        if (reconnected) refresh()
      },
      onRefused: (status) => {
        if (status === 401 || status === 403) forgetGuestConversation(scope)
      },
      rules: { redirectOnUnauthorized: false, redirectOnForbidden: false },
    })
  }, [conversationId, token, scope, queryClient])
}

function GuestChat({ listingId, guest, scope }: { listingId: string | null; guest: GuestConversation | null; scope: string }) {
  const { t } = useTranslation()
  const [failed, setFailed] = useState(false)
  const started = (answer: StartChatAnswer) => {
    if (!answer.visitorToken) {
      setFailed(true)
      return
    }
    setFailed(false)
    saveGuestConversation(scope, { conversationId: answer.conversation.id, token: answer.visitorToken })
  }
  if (guest) {
    return <ConversationView conversationId={guest.conversationId} guest={guest} active onRefused={() => forgetGuestConversation(scope)} />
  }
  return (
    <Stack gap="xs">
      <GuestForm listingId={listingId} onStarted={started} />
      {failed && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {errorText(null)}
        </Text>
      )}
      {failed && <Text size="xs">{t('chat.guest.tryAgain')}</Text>}
    </Stack>
  )
}

type SignedInChatProps = {
  listingId: string | null
  roles: readonly Role[] | null
  selected: ChatConversation | null
  onSelect: (conversation: ChatConversation | null) => void
}

/** A signed-in user: their conversations (an agent's or admin's inbox), and a way to start one here. */
function SignedInChat({ listingId, roles, selected, onSelect }: SignedInChatProps) {
  const { t } = useTranslation()
  const list = useConversations(true)
  const start = useStartConversation()
  const supportStaff = roles !== null && roles.some((role) => SUPPORT_STAFF.includes(role))
  const canStart = listingId !== null || !supportStaff

  if (selected) {
    const current = list.data?.items.find((item) => item.id === selected.id) ?? selected
    return <ConversationView key={current.id} conversationId={current.id} active composeLabel={t('chat.conversation.messageTo', { name: current.counterpartName })} />
  }
  return (
    <Stack gap="sm">
      {canStart && (
        <Button
          variant="light"
          leftSection={<IconMessagePlus size={16} aria-hidden />}
          loading={start.isPending}
          onClick={() => start.mutate({ listingId: listingId ?? undefined }, { onSuccess: (answer) => onSelect(answer.conversation) })}
        >
          {t(listingId ? 'chat.start.listing' : 'chat.start.support')}
        </Button>
      )}
      {start.isError && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {errorText(start.error)}
        </Text>
      )}
      <Title order={3} size="h6">
        {t('chat.inbox.title')}
      </Title>
      <ConversationList selectedId={null} onSelect={(id) => onSelect(list.data?.items.find((item) => item.id === id) ?? null)} />
    </Stack>
  )
}

/** The chat panel (its own chunk: chat-launcher.tsx loads it). */
export default function ChatWidget({ id, open, onClose, listingId, roles, signedIn }: ChatWidgetProps) {
  const { t } = useTranslation()
  const [flags, setFlags] = useChatFlags()
  const scope = chatScope(listingId)
  const storedGuest = useGuestConversation(scope)
  const guest = signedIn ? null : storedGuest
  // The conversation picked belongs to the account that picked it: another one, or a sign-out, starts over.
  const owner = `${signedIn}:${roles?.join(',') ?? ''}`
  const [picked, setPicked] = useState<{ owner: string; conversation: ChatConversation | null }>({ owner, conversation: null })
  const selected = picked.owner === owner ? picked.conversation : null
  const setSelected = (conversation: ChatConversation | null) => setPicked({ owner, conversation })
  const panelRef = useRef<HTMLElement>(null)
  const conversationTitle = useConversationTitle()
  useGuestStream(guest, scope)

  // Opening moves the focus into the panel; the launcher takes it back on close.
  useEffect(() => {
    if (open) panelRef.current?.focus()
  }, [open])

  if (!open) return null

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.stopPropagation()
    onClose()
  }

  const titleId = `${id}-title`
  const title = selected ? selected.counterpartName : t(listingId ? 'chat.panel.listing' : 'chat.panel.support')
  const maximized = flags.maximized

  return (
    <Paper
      ref={panelRef}
      id={id}
      component="section"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      withBorder
      shadow="xl"
      radius="md"
      pos="fixed"
      bottom="calc(72px + var(--bottom-bar-room, 0px))"
      right={16}
      p="sm"
      data-maximized={maximized || undefined}
      style={{
        zIndex: 200,
        width: maximized ? 'min(760px, calc(100vw - 32px))' : 'min(380px, calc(100vw - 32px))',
        height: maximized ? 'calc(100vh - 136px)' : 'min(540px, calc(100vh - 136px))',
        display: 'flex',
        flexDirection: 'column',
        outline: 'none',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {selected && (
            <ActionIcon variant="subtle" color="gray" onClick={() => setSelected(null)} aria-label={t('chat.panel.back')}>
              <IconArrowLeft size={18} aria-hidden />
            </ActionIcon>
          )}
          <Box style={{ minWidth: 0 }}>
            <Title order={2} size="h5" id={titleId} lineClamp={1}>
              {title}
            </Title>
            {selected && (
              <Text size="xs" c="gray.7" truncate>
                {conversationTitle(selected)}
              </Text>
            )}
          </Box>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => setFlags({ maximized: !maximized })}
            aria-label={t('chat.panel.maximize')}
            aria-pressed={maximized}
          >
            {maximized ? <IconArrowsMinimize size={18} aria-hidden /> : <IconArrowsMaximize size={18} aria-hidden />}
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t('chat.panel.close')}>
            <IconX size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <Box style={{ flex: 1, minHeight: 0, overflowY: selected || guest ? 'hidden' : 'auto', display: 'flex', flexDirection: 'column' }}>
        {signedIn ? (
          <SignedInChat listingId={listingId} roles={roles} selected={selected} onSelect={setSelected} />
        ) : (
          <GuestChat listingId={listingId} guest={guest} scope={scope} />
        )}
      </Box>
    </Paper>
  )
}
