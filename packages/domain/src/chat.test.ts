import { describe, expect, it } from 'vitest'
import { fieldMessages } from './messages.test-helpers'
import { CHAT_LIMITS, ChatMessageInputSchema, ChatMessagesQuerySchema, chatPreview, GuestStartChatInputSchema, StartChatInputSchema } from './chat'

describe('a chat message', () => {
  it('takes 1 to 2000 characters, trimmed, HTML as typed', () => {
    expect(ChatMessageInputSchema.parse({ body: '  <b>hi</b> ' })).toEqual({ body: '<b>hi</b>' })
    expect(ChatMessageInputSchema.safeParse({ body: 'x'.repeat(CHAT_LIMITS.bodyMax) }).success).toBe(true)
  })

  it('refuses an empty, blank or too long body, or unstorable text, on its field', () => {
    expect(fieldMessages(ChatMessageInputSchema.safeParse({ body: '' }))).toEqual([['body', 'Required']])
    expect(fieldMessages(ChatMessageInputSchema.safeParse({ body: '   ' }))).toEqual([['body', 'Required']])
    expect(fieldMessages(ChatMessageInputSchema.safeParse({}))).toEqual([['body', 'Required']])
    expect(fieldMessages(ChatMessageInputSchema.safeParse({ body: 'x'.repeat(2001) }))).toEqual([['body', 'Must have at most 2000 characters']])
    expect(fieldMessages(ChatMessageInputSchema.safeParse({ body: 'a\u0000b' }))).toEqual([['body', 'This text contains characters that cannot be saved']])
  })
})

describe('starting a chat', () => {
  it('leaves every field optional for a signed-in visitor', () => {
    expect(StartChatInputSchema.safeParse({}).success).toBe(true)
    expect(fieldMessages(StartChatInputSchema.safeParse({ listingId: 'nope' }))).toEqual([['listingId', 'Invalid value']])
  })

  it('requires a guest name (at most 100 characters) and a valid email', () => {
    expect(fieldMessages(GuestStartChatInputSchema.safeParse({}))).toEqual([
      ['name', 'Required'],
      ['email', 'Required'],
    ])
    expect(fieldMessages(GuestStartChatInputSchema.safeParse({ name: 'x'.repeat(101), email: 'not-an-email' }))).toEqual([
      ['name', 'Must have at most 100 characters'],
      ['email', 'Invalid email'],
    ])
    expect(GuestStartChatInputSchema.parse({ name: ' Gina Guest ', email: 'gina@example.com' })).toEqual({ name: 'Gina Guest', email: 'gina@example.com' })
  })
})

describe('the messages page query and the preview', () => {
  it('takes an ISO date-time as before', () => {
    expect(ChatMessagesQuerySchema.safeParse({ before: '2026-01-01T10:00:00.000Z' }).success).toBe(true)
    expect(fieldMessages(ChatMessagesQuerySchema.safeParse({ before: 'yesterday' }))).toEqual([['before', 'Invalid value']])
  })

  it('cuts the preview at 120 characters', () => {
    expect(chatPreview('short')).toBe('short')
    expect(chatPreview('y'.repeat(300))).toHaveLength(CHAT_LIMITS.previewMax)
  })
})
