import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChatMessage } from '@offerbook/domain/chat'
import { apiError, fakeApi, reply } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { ConversationView } from './conversation-view'

const CONVERSATION = 'c0a1b2c3-0000-4000-8000-000000000001'

function message(id: string, mine: boolean, body: string, minute: number): ChatMessage {
  return {
    id,
    conversationId: CONVERSATION,
    side: mine ? 'visitor' : 'staff',
    mine,
    senderName: mine ? 'Gina Guest' : 'Lena Listing',
    body,
    createdAt: new Date(Date.UTC(2026, 10, 25, 12, minute)).toISOString(),
  }
}

const api = fakeApi()
const BASE = `/api/chat/conversations/${CONVERSATION}`
let page: { items: ChatMessage[]; hasMore: boolean }
let older: { items: ChatMessage[]; hasMore: boolean }

beforeEach(() => {
  page = { items: [message('m1', false, 'Hello, how can I help?', 1), message('m2', true, 'Is it still for sale?', 2)], hasMore: false }
  older = { items: [], hasMore: false }
  vi.spyOn(document, 'hasFocus').mockReturnValue(true)
  api.on(`GET ${BASE}/messages`, (request) => reply(request.query.get('before') ? older : page))
  api.on(`POST ${BASE}/messages`, (request) => reply(message('m3', true, (request.body as { body: string }).body, 3), 201))
  api.on(`POST ${BASE}/read`, reply({ unread: 0 }))
})

afterEach(() => {
  vi.restoreAllMocks()
})

const posts = (suffix: string) => api.calls(`POST ${BASE}${suffix}`)

describe('ConversationView', () => {
  it('shows the messages oldest first with sender and time, mine marked, and marks them read', async () => {
    renderAt(<ConversationView conversationId={CONVERSATION} active />)
    const log = await screen.findByRole('log', { name: 'Messages' })
    const items = await within(log).findAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('Hello, how can I help?'), expect.stringContaining('Is it still for sale?')])
    expect(items[0]!.textContent).toContain('Lena Listing')
    expect(items[0]!.getAttribute('data-mine')).toBeNull()
    expect(items[1]!.textContent).toContain('You')
    expect(items[1]!.getAttribute('data-mine')).toBe('true')
    expect(items[0]!.querySelector('time')?.getAttribute('dateTime')).toBe(page.items[0]!.createdAt)
    await waitFor(() => expect(posts('/read')).toHaveLength(1))
  })

  it('does not mark anything read while the conversation is not on screen', async () => {
    renderAt(<ConversationView conversationId={CONVERSATION} active={false} />)
    await screen.findByText('Hello, how can I help?')
    expect(posts('/read')).toHaveLength(0)
  })

  it('shows markup in a message as text, with no link', async () => {
    page = { items: [message('m1', false, '<a href="https://evil.example">click</a> <b>bold</b>', 1)], hasMore: false }
    renderAt(<ConversationView conversationId={CONVERSATION} active />)
    const log = await screen.findByRole('log')
    await within(log).findByText('<a href="https://evil.example">click</a> <b>bold</b>')
    expect(log.querySelector('a, b')).toBeNull()
  })

  it('sends on Enter, starts a new line on Shift+Enter, and shows the message sent', async () => {
    const user = userEvent.setup()
    renderAt(<ConversationView conversationId={CONVERSATION} active />)
    await screen.findByText('Hello, how can I help?')
    const box = screen.getByRole('textbox', { name: 'Your message' })
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}second line')
    expect(posts('/messages')).toHaveLength(0)
    expect((box as HTMLTextAreaElement).value).toBe('First line\nsecond line')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(posts('/messages')).toHaveLength(1))
    expect(posts('/messages')[0]!.body).toEqual({ body: 'First line\nsecond line' })
    expect(await within(screen.getByRole('log')).findByText('First line second line', { normalizer: (text) => text.replace(/\s+/g, ' ') })).toBeTruthy()
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''))
  })

  it('sends nothing for an empty or blank message', async () => {
    const user = userEvent.setup()
    renderAt(<ConversationView conversationId={CONVERSATION} active />)
    await screen.findByText('Hello, how can I help?')
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), '   {Enter}')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(posts('/messages')).toHaveLength(0)
  })

  it("keeps the text and shows the API's refusal when sending fails", async () => {
    api.on(`POST ${BASE}/messages`, apiError(429, 'chat.tooManyMessages'))
    const user = userEvent.setup()
    renderAt(<ConversationView conversationId={CONVERSATION} active />)
    await screen.findByText('Hello, how can I help?')
    const box = screen.getByRole('textbox', { name: 'Your message' })
    await user.type(box, 'Hello again')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect((await screen.findByRole('alert')).textContent).toBe('You are sending messages too fast. Please wait a moment')
    expect((box as HTMLTextAreaElement).value).toBe('Hello again')
  })

  it('counts down the characters left near the 2000 limit, and takes no more', async () => {
    renderAt(<ConversationView conversationId={CONVERSATION} active />)
    const box = screen.getByRole('textbox', { name: 'Your message' })
    expect(box.getAttribute('maxLength')).toBe('2000')
    expect(screen.queryByText(/characters? left/)).toBeNull()
    const user = userEvent.setup()
    await user.click(box)
    await user.paste('x'.repeat(1990))
    expect(screen.getByText('10 characters left')).toBeTruthy()
  })

  it("sends a guest's token with every call, and loads earlier messages on demand", async () => {
    page = { items: [message('m2', false, 'Newer', 2)], hasMore: true }
    older = { items: [message('m1', true, 'Older', 1)], hasMore: false }
    const user = userEvent.setup()
    renderAt(<ConversationView conversationId={CONVERSATION} guest={{ conversationId: CONVERSATION, token: 'secret' }} active />)
    await screen.findByText('Newer')
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }))
    const log = screen.getByRole('log')
    await within(log).findByText('Older')
    expect(within(log).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Older'), expect.stringContaining('Newer')])
    const earlier = api.calls().find((request) => request.query.get('before'))
    expect(earlier?.query.get('before')).toBe(page.items[0]!.createdAt)
    expect(api.calls().every((request) => request.headers.get('X-Chat-Visitor') === `${CONVERSATION}.secret`)).toBe(true)
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull()
  })
})
