import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, fakeApi, reply } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { GuestForm } from './guest-form'

const LISTING = '6f1c0a52-1d1e-4c47-9a57-3d1f0c9b2a10'
const CONVERSATION = {
  id: 'c0a1b2c3-0000-4000-8000-000000000001',
  kind: 'listing',
  listingId: LISTING,
  listingTitle: '120 Maple Ave',
  counterpartName: 'Lena Listing',
  unread: 0,
  lastMessageAt: '2026-11-25T12:00:00.000Z',
  lastMessagePreview: null,
}

const api = fakeApi()
const bodies = () => api.calls('POST /api/chat/conversations').map((request) => request.body)

beforeEach(() => {
  api.on('POST /api/chat/conversations', reply({ conversation: CONVERSATION, visitorToken: 'secret' }, 201))
})

describe('GuestForm', () => {
  it('asks for a name and an email before it starts anything', async () => {
    const user = userEvent.setup()
    const onStarted = vi.fn()
    renderAt(<GuestForm listingId={LISTING} onStarted={onStarted} />, `/property/${LISTING}`)
    await user.click(screen.getByRole('button', { name: 'Start the chat' }))
    expect(screen.getByRole('textbox', { name: /Your name/ }).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getAllByText('Required')).toHaveLength(2)

    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Gina Guest')
    await user.type(screen.getByRole('textbox', { name: /Your email/ }), 'gina@')
    await user.click(screen.getByRole('button', { name: 'Start the chat' }))
    expect(screen.getByText('Invalid email')).toBeTruthy()
    expect(screen.queryByText('Required')).toBeNull()
    expect(bodies()).toHaveLength(0)
    expect(onStarted).not.toHaveBeenCalled()
  })

  it('starts the conversation about the listing with the name and email given', async () => {
    const user = userEvent.setup()
    const onStarted = vi.fn()
    renderAt(<GuestForm listingId={LISTING} onStarted={onStarted} />, `/property/${LISTING}`)
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), '  Gina Guest ')
    await user.type(screen.getByRole('textbox', { name: /Your email/ }), 'gina@example.com')
    await user.click(screen.getByRole('button', { name: 'Start the chat' }))
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith({ conversation: CONVERSATION, visitorToken: 'secret' }))
    expect(bodies()).toEqual([{ listingId: LISTING, name: 'Gina Guest', email: 'gina@example.com' }])
  })

  it("shows the API's field errors on their fields, and its other refusals below", async () => {
    api.on('POST /api/chat/conversations', apiError(400, 'request.invalid', { fields: [{ path: 'email', key: 'common.invalidEmail' }] }))
    const user = userEvent.setup()
    renderAt(<GuestForm listingId={null} onStarted={() => {}} />)
    expect(screen.getByText(/the Offerbook team will answer here/)).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Gina Guest')
    await user.type(screen.getByRole('textbox', { name: /Your email/ }), 'gina@example.com')
    await user.click(screen.getByRole('button', { name: 'Start the chat' }))
    expect(await screen.findByText('Invalid email')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(bodies()).toEqual([{ name: 'Gina Guest', email: 'gina@example.com' }])

    api.on('POST /api/chat/conversations', apiError(429, 'chat.tooManyChats'))
    await user.click(screen.getByRole('button', { name: 'Start the chat' }))
    expect((await screen.findByRole('alert')).textContent).toBe('You have started too many chats. Please try again later')
  })

  it('offers to sign in instead, coming back to this page', () => {
    renderAt(<GuestForm listingId={LISTING} onStarted={() => {}} />, `/property/${LISTING}?tab=photos`)
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/auth/sign-in?redirect=${encodeURIComponent(`/property/${LISTING}?tab=photos`)}`)
  })
})
