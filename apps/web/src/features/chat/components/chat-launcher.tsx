import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Badge, Box, Button } from '@mantine/core'
import { IconMessageCircle } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import { useLocation } from '../../../shared/navigation'
import { matchRoute } from '@offerbook/domain/route-access'
import type { Role } from '@offerbook/domain/roles'
import { ErrorBoundary } from '../../../shared/ui/error-boundary'
import { chatScope, guestConversationFromHash, saveGuestConversation, useChatFlags } from '../chat-state'
import { lazyPart } from '../../../shared/lazy-part'
import { whenIdleAfterLoad } from '../../../shared/when-idle'

/**
 * The chat's corner button, on every page. It is all of the chat that the first page load carries:
 * the panel (forms, lists, the conversation) is its own chunk, fetched when the browser is idle after
 * the page has loaded, or at once on the first click (issue #14: "loads after the page is interactive,
 * never in the initial bundle").
 */

const loadWidget = () => import('./chat-widget')
const ChatWidget = lazyPart(loadWidget)

/** The badge never grows past this: 100 and more read "99+". */
const MAX_BADGE = 99

export type ChatLauncherProps = {
  /** A session exists: the chat uses the account, not a guest's name and email. */
  signedIn: boolean
  /** The signed-in user's roles once loaded (admins answer the support team). */
  roles: readonly Role[] | null
  /** Unread messages for a signed-in user (features/chat/api/chat-summary); 0 for a visitor. */
  unread?: number
  /**
   * Fetch the panel once the page is idle (the whole app), or only on the first click (the public
   * shell, whose first visit on a phone should run nothing it was not asked for).
   */
  preload?: boolean
}

export function ChatLauncher({ signedIn, roles, unread = 0, preload = true }: ChatLauncherProps) {
  const { t } = useTranslation()
  const location = useLocation()
  const [flags, setFlags] = useChatFlags()
  const [mounted, setMounted] = useState(false)
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()

  const { route, params } = matchRoute(location.pathname)
  const listingId = route.name === 'property' || route.name === 'property-offer' ? (params.id ?? null) : null

  // An email's link to a guest's conversation (#chat=<id>.<key>): kept as this browser's, the address
  // cleaned of it, and the chat opened on it once its chunk is in.
  useEffect(() => {
    const linked = guestConversationFromHash(window.location.hash)
    if (!linked) return
    saveGuestConversation(chatScope(listingId), linked)
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
    void loadWidget().then(
      () => {
        setFlags({ loaded: true })
        setMounted(true)
        setOpen(true)
      },
      // Offline or a new deployment: the conversation is kept, and the launcher opens it.
      () => undefined,
    )
  }, [listingId, setFlags])

  useEffect(() => {
    if (!preload) return
    return whenIdleAfterLoad(() => {
      void loadWidget().then(
        () => {
          setFlags({ loaded: true })
          setMounted(true)
        },
        // Offline or a new deployment: the first click tries again and shows the failure.
        () => undefined,
      )
    })
  }, [setFlags, preload])

  const close = useCallback(() => {
    setOpen(false)
    buttonRef.current?.focus()
  }, [])

  const toggle = () => {
    if (open) {
      close()
      return
    }
    setMounted(true)
    if (!flags.loaded) setFlags({ loaded: true })
    setOpen(true)
  }

  const label = t(listingId ? 'chat.launcher.listing' : 'chat.launcher.support')
  const fullLabel = unread > 0 ? t('chat.launcher.withUnread', { label, count: unread }) : label

  return (
    <>
      {mounted && (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <ChatWidget id={panelId} open={open} onClose={close} listingId={listingId} roles={roles} signedIn={signedIn} />
          </Suspense>
        </ErrorBoundary>
      )}
      <Box pos="fixed" bottom="calc(16px + var(--bottom-bar-room, 0px))" right={16} style={{ zIndex: 190 }}>
        <Button
          ref={buttonRef}
          radius="xl"
          size="md"
          onClick={toggle}
          aria-label={fullLabel}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          leftSection={<IconMessageCircle size={20} aria-hidden />}
          rightSection={
            unread > 0 ? (
              <Badge color="red" variant="filled" size="sm" circle={unread < 10} aria-hidden data-testid="chat-unread">
                {unread > MAX_BADGE ? `${MAX_BADGE}+` : unread}
              </Badge>
            ) : undefined
          }
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
        >
          {t('chat.launcher.short')}
        </Button>
      </Box>
    </>
  )
}
