import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  CHAT_FLAGS_KEY,
  CHAT_GUESTS_KEY,
  chatScope,
  forgetGuestConversation,
  guestConversationFromHash,
  keepGuestConversations,
  readChatFlags,
  readGuestConversation,
  saveGuestConversation,
  useChatFlags,
  useGuestConversation,
  writeChatFlags,
} from './chat-state'

describe('the chat flags (spec section 1: loaded, maximized)', () => {
  it('start false, and are kept in sessionStorage, not localStorage', () => {
    expect(readChatFlags()).toEqual({ loaded: false, maximized: false })
    writeChatFlags({ loaded: true })
    writeChatFlags({ maximized: true })
    expect(JSON.parse(window.sessionStorage.getItem(CHAT_FLAGS_KEY) ?? 'null')).toEqual({ loaded: true, maximized: true })
    expect(window.localStorage.getItem(CHAT_FLAGS_KEY)).toBeNull()
    writeChatFlags({ maximized: false })
    expect(readChatFlags()).toEqual({ loaded: true, maximized: false })
  })

  it('read what another page of the session stored, and ignore anything malformed', () => {
    window.sessionStorage.setItem(CHAT_FLAGS_KEY, JSON.stringify({ loaded: true, maximized: true }))
    expect(readChatFlags()).toEqual({ loaded: true, maximized: true })
    window.sessionStorage.setItem(CHAT_FLAGS_KEY, '{not json')
    expect(readChatFlags()).toEqual({ loaded: false, maximized: false })
    window.sessionStorage.setItem(CHAT_FLAGS_KEY, JSON.stringify({ loaded: 'yes', maximized: 1 }))
    expect(readChatFlags()).toEqual({ loaded: false, maximized: false })
  })

  it('re-render their users when set', () => {
    const { result } = renderHook(() => useChatFlags())
    expect(result.current[0].maximized).toBe(false)
    act(() => result.current[1]({ maximized: true }))
    expect(result.current[0]).toEqual({ loaded: false, maximized: true })
  })
})

describe("a guest's conversations", () => {
  it('are kept per listing (or support) in localStorage, so a closed tab does not lose them, and can be forgotten', () => {
    const listing = chatScope('listing-1')
    const support = chatScope(null)
    expect(support).toBe('support')
    saveGuestConversation(listing, { conversationId: 'c-1', token: 'tok-1' })
    saveGuestConversation(support, { conversationId: 'c-2', token: 'tok-2' })
    expect(readGuestConversation(listing)).toEqual({ conversationId: 'c-1', token: 'tok-1' })
    expect(readGuestConversation(support)).toEqual({ conversationId: 'c-2', token: 'tok-2' })
    expect(JSON.parse(window.localStorage.getItem(CHAT_GUESTS_KEY) ?? 'null')).toEqual({ 'listing-1': { conversationId: 'c-1', token: 'tok-1' }, support: { conversationId: 'c-2', token: 'tok-2' } })
    expect(window.sessionStorage.getItem(CHAT_GUESTS_KEY)).toBeNull()
    forgetGuestConversation(listing)
    expect(readGuestConversation(listing)).toBeNull()
    expect(readGuestConversation(support)).not.toBeNull()
  })

  it('ignore malformed entries', () => {
    window.localStorage.setItem(CHAT_GUESTS_KEY, JSON.stringify({ support: { conversationId: 7 }, x: 'y' }))
    expect(readGuestConversation('support')).toBeNull()
  })

  it("survive the start-up clearing of localStorage (spec section 4), as the language does", () => {
    saveGuestConversation('support', { conversationId: 'c-3', token: 'tok-3' })
    const restore = keepGuestConversations()
    window.localStorage.clear()
    restore()
    expect(readGuestConversation('support')).toEqual({ conversationId: 'c-3', token: 'tok-3' })
  })

  it("are read from an email's link, #chat=<conversationId>.<key>", () => {
    expect(guestConversationFromHash('#chat=0b5e6a1e-2c1b-4f3e-9f3a-1d2c3b4a5e6f.AbC_-123')).toEqual({ conversationId: '0b5e6a1e-2c1b-4f3e-9f3a-1d2c3b4a5e6f', token: 'AbC_-123' })
    for (const hash of ['', '#', '#chat=', '#chat=abc', '#chat=.key', '#chat=abc.', '#other=a.b']) expect(guestConversationFromHash(hash), hash).toBeNull()
  })

  it('re-render their users when one starts', () => {
    const { result } = renderHook(() => useGuestConversation('support'))
    expect(result.current).toBeNull()
    act(() => saveGuestConversation('support', { conversationId: 'c-9', token: 'a.b' }))
    expect(result.current).toEqual({ conversationId: 'c-9', token: 'a.b' })
  })
})
