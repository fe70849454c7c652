import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Role } from '@offerbook/domain/roles'
import { clearSession, initSession, saveSession } from '../../../shared/session'
import { eventBlock, eventStreams, fakeApi, reply } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { CHAT_FLAGS_KEY, readChatFlags, readGuestConversation } from '../chat-state'
import { useChatUnread } from '../api/chat-summary'
import { ChatLauncher } from './chat-launcher'

const LISTING = '6f1c0a52-1d1e-4c47-9a57-3d1f0c9b2a10'
const ID = 'c0a1b2c3-0000-4000-8000-000000000001'
const conversation = { id: ID, kind: 'listing', listingId: LISTING, listingTitle: '120 Maple Ave', counterpartName: 'Lena Listing', unread: 0, lastMessageAt: '2026-11-25T12:00:00.000Z', lastMessagePreview: null }
const answer = (body: string, minute: number) => ({ id: `m${minute}`, conversationId: ID, side: 'staff', mine: false, senderName: 'Lena Listing', body, createdAt: `2026-11-25T12:0${minute}:00.000Z` })

const api = fakeApi()
let messages: unknown[]
let list: { items: unknown[]; unread: number }
let streams: ReturnType<typeof eventStreams>

beforeEach(() => {
  initSession()
  messages = []
  list = { items: [], unread: 0 }
  streams = eventStreams()
  api.on('GET /api/events', streams.route)
  api.on('POST /api/chat/conversations', reply({ conversation, visitorToken: 'secret' }, 201))
  api.on('GET /api/chat/conversations', () => reply(list))
  api.on(`GET /api/chat/conversations/${ID}/messages`, () => reply({ items: messages, hasMore: false }))
  api.on(`POST /api/chat/conversations/${ID}/read`, reply({ unread: 0 }))
})

afterEach(() => {
  clearSession()
})

/** The panel is a lazy chunk: its first load under vitest transforms it, which takes a while on a busy machine. */
const LAZY = { timeout: 15_000 }

/** The launcher as the app layout shows it: with the signed-in user's unread count. */
function AppLauncher({ signedIn, roles }: { signedIn: boolean; roles: Role[] | null }) {
  return <ChatLauncher signedIn={signedIn} roles={roles} unread={useChatUnread(signedIn)} />
}

const renderLauncher = (path: string, signedIn = false, roles: Role[] | null = null) => renderAt(<AppLauncher signedIn={signedIn} roles={roles} />, path)

describe('the chat launcher and panel', () => {
  it('opens the panel with the focus in it, keeps maximized in the session, and Esc gives the focus back', async () => {
    const user = userEvent.setup()
    renderLauncher(`/property/${LISTING}`)
    const launcher = screen.getByRole('button', { name: 'Chat with the listing agent' })
    expect(launcher.getAttribute('aria-expanded')).toBe('false')
    await user.click(launcher)
    const panel = await screen.findByRole('dialog', { name: 'Chat with the listing agent' }, LAZY)
    await waitFor(() => expect(document.activeElement).toBe(panel))
    expect(launcher.getAttribute('aria-expanded')).toBe('true')
    expect(readChatFlags().loaded).toBe(true)

    const maximize = within(panel).getByRole('button', { name: 'Larger chat window' })
    await user.click(maximize)
    expect(maximize.getAttribute('aria-pressed')).toBe('true')
    expect(panel.getAttribute('data-maximized')).toBe('true')
    expect(JSON.parse(window.sessionStorage.getItem(CHAT_FLAGS_KEY) ?? '{}')).toEqual({ loaded: true, maximized: true })

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(launcher)
    expect(readChatFlags().maximized).toBe(true)
  })

  it('is the support chat elsewhere, and loads its panel once the page is idle', async () => {
    renderLauncher('/listings')
    expect(screen.getByRole('button', { name: 'Chat with us' })).toBeTruthy()
    await waitFor(() => expect(readChatFlags().loaded).toBe(true), { timeout: 10_000 })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('lets a guest start a conversation, then shows the answers that arrive on their own stream', async () => {
    const user = userEvent.setup()
    renderLauncher(`/property/${LISTING}`)
    await user.click(screen.getByRole('button', { name: 'Chat with the listing agent' }))
    const panel = await screen.findByRole('dialog', {}, LAZY)
    await user.type(within(panel).getByRole('textbox', { name: /Your name/ }), 'Gina Guest')
    await user.type(within(panel).getByRole('textbox', { name: /Your email/ }), 'gina@example.com')
    expect(api.calls('GET /api/events')).toEqual([])
    await user.click(within(panel).getByRole('button', { name: 'Start the chat' }))

    expect(await within(panel).findByRole('textbox', { name: 'Your message' })).toBeTruthy()
    expect(readGuestConversation(LISTING)).toEqual({ conversationId: ID, token: 'secret' })
    await waitFor(() => expect(streams.opened[0]?.request.headers.get('X-Chat-Visitor')).toBe(`${ID}.secret`))

    messages = [answer('Hello Gina, happy to help', 5)]
    streams.opened.at(-1)!.send(eventBlock(1, 'chat.message', { conversationId: ID, messageId: 'm5' }))
    expect(await within(panel).findByText('Hello Gina, happy to help')).toBeTruthy()
  })

  it("reopens a guest's conversation from an email's link (#chat=<id>.<key>), keeps it, and cleans the address", async () => {
    messages = [answer('Yes, come on Sunday.', 6)]
    window.history.replaceState(null, '', `/property/${LISTING}#chat=${ID}.link-key-from-the-email`)
    renderLauncher(`/property/${LISTING}`)
    const panel = await screen.findByRole('dialog', { name: 'Chat with the listing agent' }, LAZY)
    expect(await within(panel).findByText('Yes, come on Sunday.')).toBeTruthy()
    expect(readGuestConversation(LISTING)).toEqual({ conversationId: ID, token: 'link-key-from-the-email' })
    expect(window.location.hash).toBe('')
    const read = api.calls(`GET /api/chat/conversations/${ID}/messages`)[0]
    expect(read?.headers.get('X-Chat-Visitor')).toBe(`${ID}.link-key-from-the-email`)
  })

  it('shows a signed-in user their unread count, their conversations, and a way to write to support', async () => {
    saveSession({ accessToken: 'tok', persist: false })
    list = { items: [{ ...conversation, kind: 'support', listingId: null, listingTitle: null, counterpartName: 'Ben Buyer', unread: 3, lastMessagePreview: 'Hi there' }], unread: 3 }
    const user = userEvent.setup()
    renderLauncher('/', true, ['BUYER_SIMPLE'])
    const launcher = await screen.findByRole('button', { name: 'Chat with us (3 unread messages)' })
    expect(within(launcher).getByText('3')).toBeTruthy()
    await user.click(launcher)
    const panel = await screen.findByRole('dialog', { name: 'Chat with us' }, LAZY)
    expect(within(panel).getByRole('button', { name: 'Message Offerbook support' })).toBeTruthy()
    await user.click(await within(panel).findByRole('button', { name: 'Ben Buyer, Offerbook support, 3 unread messages' }))
    expect(await within(panel).findByRole('heading', { name: 'Ben Buyer' })).toBeTruthy()
    expect(within(panel).getByRole('textbox', { name: 'Your message to Ben Buyer' })).toBeTruthy()
  })

  it('does not offer an admin to write to support: admins are support', async () => {
    saveSession({ accessToken: 'tok', persist: false })
    const user = userEvent.setup()
    renderLauncher('/', true, ['ADMIN'])
    await user.click(screen.getByRole('button', { name: 'Chat with us' }))
    const panel = await screen.findByRole('dialog', {}, LAZY)
    expect(await within(panel).findByText('No conversations yet.')).toBeTruthy()
    expect(within(panel).queryByRole('button', { name: 'Message Offerbook support' })).toBeNull()
  })
})
