import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { notifications } from '@mantine/notifications'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../../test/render'
import type { SendPrefill } from './send-prefill'
import { useSendDialog } from './send-dialog-host'

type Answer = { status: number; body: unknown }
type Call = { path: string; body: Record<string, unknown> }

let calls: Call[]
let answer: (call: Call) => Answer

beforeEach(() => {
  calls = []
  answer = ({ path, body }) => (path === '/api/messages/email' ? { status: 200, body: { queued: body.emailAddresses, optedOut: [] } } : { status: 200, body: { status: 'sent' } })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { path: new URL(url, 'http://localhost').pathname, body: JSON.parse(String(init.body)) as Record<string, unknown> }
      calls.push(call)
      const { status, body } = answer(call)
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  // The notices live in one store for the whole page: each test starts with none.
  notifications.clean()
})

function Opener({ prefill }: { prefill: SendPrefill }) {
  const send = useSendDialog()
  return (
    <>
      <button type="button" onClick={() => send.open(prefill)}>
        Share
      </button>
      {send.dialog}
    </>
  )
}

async function openDialog(prefill: SendPrefill = {}) {
  renderAt(<Opener prefill={prefill} />)
  await userEvent.click(screen.getByRole('button', { name: 'Share' }))
  return screen.findByRole('dialog', { name: 'Send email or SMS' })
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) })
const sendButton = () => screen.getByRole('button', { name: 'Send' })
const phones = () => within(screen.getByRole('list', { name: 'Phone numbers to text' })).getAllByRole('listitem').map((item) => item.textContent)
const gone = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

async function addPhone(number: string, key = '{Enter}') {
  await userEvent.type(field('Phone numbers'), `${number}${key}`)
}

describe('SendDialog', () => {
  it('opens prefilled, with a label on every field', async () => {
    await openDialog({ subject: 'A home', message: 'Look: https://example.com', emails: ['a@example.com'], phones: ['+16155550101'] })
    expect(field('Subject')).toHaveProperty('value', 'A home')
    expect(field('Message')).toHaveProperty('value', 'Look: https://example.com')
    expect(field('Emails')).toHaveProperty('value', 'a@example.com')
    expect(phones()).toEqual(['(615) 555-0101'])
  })

  it('enables Send from 5 characters of message', async () => {
    await openDialog()
    expect(sendButton()).toHaveProperty('disabled', true)
    await userEvent.type(field('Message'), 'abcd')
    expect(sendButton()).toHaveProperty('disabled', true)
    await userEvent.type(field('Message'), 'e')
    expect(sendButton()).toHaveProperty('disabled', false)
  })

  it("asks for 'Please enter email(s)' when no entry is an email and there is no number, and sends nothing", async () => {
    await openDialog({ message: 'Hello there' })
    await userEvent.type(field('Emails'), 'nobody, at all')
    expect(screen.getByText('Not email addresses, so they will not be sent: nobody, at, all')).toBeTruthy()
    await userEvent.click(sendButton())
    expect(await screen.findByText('Please enter email(s)')).toBeTruthy()
    expect(field('Emails').getAttribute('aria-invalid')).toBe('true')
    expect(calls).toEqual([])
  })

  it("needs a subject when emailing, and refuses a message over 5000 characters, on their fields", async () => {
    await openDialog({ message: 'x'.repeat(5001), emails: ['a@example.com'] })
    await userEvent.click(sendButton())
    expect(await screen.findByText('Required')).toBeTruthy()
    expect(screen.getByText('Must have at most 5000 characters')).toBeTruthy()
    expect(calls).toEqual([])
  })

  it('refuses more than 10 recipients in all', async () => {
    const emails = Array.from({ length: 10 }, (_, i) => `p${i}@example.com`)
    await openDialog({ subject: 'Hi', message: 'Hello there', emails, phones: ['+16155550101'] })
    await userEvent.click(sendButton())
    expect(await screen.findByText('Send to at most 10 recipients at a time')).toBeTruthy()
    expect(calls).toEqual([])
  })

  it("adds valid numbers as chips in E.164, refuses an invalid one with 'Invalid format', and removes chips by keyboard", async () => {
    await openDialog()
    await addPhone('555')
    expect(await screen.findByText('Invalid format')).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Phone numbers to text' })).toBeNull()
    await userEvent.clear(field('Phone numbers'))
    expect(screen.queryByText('Invalid format')).toBeNull()

    await addPhone('615 555 0101')
    await addPhone('+44 20 7183 8750', ',')
    expect(phones()).toEqual(['(615) 555-0101', '+44 20 7183 8750'])
    expect(field('Phone numbers')).toHaveProperty('value', '')

    const remove = screen.getByRole('button', { name: 'Remove (615) 555-0101' })
    remove.focus()
    await userEvent.keyboard('{Enter}')
    expect(phones()).toEqual(['+44 20 7183 8750'])
    expect(document.activeElement).toBe(field('Phone numbers'))
    await userEvent.keyboard('{Backspace}')
    expect(screen.queryByRole('list', { name: 'Phone numbers to text' })).toBeNull()
  })

  it("sends one email call and one SMS call per number, says 'Emails sent!' and 'All messages sent!', closes and gives the focus back", async () => {
    await openDialog({ subject: 'A home', message: 'Look at this home', propertyId: '7d4a3c52-5b87-4c55-9a45-0a8c4e4f0f11' })
    await userEvent.type(field('Emails'), 'a@example.com\nb@example.com, junk')
    await addPhone('615-555-0101')
    await addPhone('615-555-0102')
    await userEvent.click(sendButton())
    expect(await screen.findByText('Emails sent!')).toBeTruthy()
    expect(await screen.findByText('All messages sent!')).toBeTruthy()
    await gone()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Share' })))

    const propertyId = '7d4a3c52-5b87-4c55-9a45-0a8c4e4f0f11'
    expect(calls).toEqual([
      { path: '/api/messages/email', body: { emailAddresses: ['a@example.com', 'b@example.com'], subject: 'A home', message: 'Look at this home', propertyId } },
      { path: '/api/messages/sms', body: { phoneNumber: '+16155550101', message: 'Look at this home', propertyId } },
      { path: '/api/messages/sms', body: { phoneNumber: '+16155550102', message: 'Look at this home', propertyId } },
    ])
  })

  it("one number: 'SMS sent!' or 'SMS failed. Check the number or try later'", async () => {
    answer = () => ({ status: 200, body: { status: 'failed' } })
    await openDialog({ message: 'Hello there', phones: ['+16155550101'] })
    await userEvent.click(sendButton())
    expect(await screen.findByText('SMS failed. Check the number or try later')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()

    answer = () => ({ status: 200, body: { status: 'pending' } })
    await userEvent.click(sendButton())
    expect(await screen.findByText('SMS sent!')).toBeTruthy()
    await gone()
  })

  it('several numbers, some failing: names exactly those, keeps them for another try, and drops what was sent', async () => {
    answer = ({ path, body }) => {
      if (path === '/api/messages/email') return { status: 200, body: { queued: body.emailAddresses, optedOut: [] } }
      return { status: 200, body: { status: ['+16155550102', '+16155550104'].includes(String(body.phoneNumber)) ? 'failed' : 'sent' } }
    }
    await openDialog({ subject: 'Hi', message: 'Hello there', emails: ['a@example.com'], phones: ['+16155550101', '+16155550102', '+16155550103', '+16155550104'] })
    await userEvent.click(sendButton())
    expect(await screen.findByText('SMS failed for (615) 555-0102, (615) 555-0104. The other messages were sent.')).toBeTruthy()
    expect(screen.getByText('Emails sent!')).toBeTruthy()
    expect(phones()).toEqual(['(615) 555-0102', '(615) 555-0104'])
    expect(field('Emails')).toHaveProperty('value', '')
    expect(field('Phone numbers')).toHaveProperty('disabled', false)
  })

  it("all of several failing: 'SMS failed. Check the numbers or try later'", async () => {
    answer = () => ({ status: 200, body: { status: 'opted-out' } })
    await openDialog({ message: 'Hello there', phones: ['+16155550101', '+16155550102'] })
    await userEvent.click(sendButton())
    expect(await screen.findByText('SMS failed. Check the numbers or try later')).toBeTruthy()
    expect(phones()).toEqual(['(615) 555-0101', '(615) 555-0102'])
  })

  it("shows the API's message for an hourly limit, and \"Couldn't send the email messages\" for another failure", async () => {
    answer = () => ({ status: 429, body: { statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests', message: 'You can send at most 50 emails an hour. Please try again later.', key: 'send.emailHourlyLimit', params: { limit: 50 } } })
    await openDialog({ subject: 'Hi', message: 'Hello there', emails: ['a@example.com'] })
    await userEvent.click(sendButton())
    expect(await screen.findByText('You can send at most 50 emails an hour. Please try again later.')).toBeTruthy()
    expect(field('Emails')).toHaveProperty('value', 'a@example.com')

    answer = () => ({ status: 500, body: {} })
    await userEvent.click(sendButton())
    expect(await screen.findByText("Couldn't send the email messages")).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it("puts the API's field errors (a 400) on their fields and keeps the dialog open", async () => {
    answer = () => ({
      status: 400,
      body: { statusCode: 400, code: 'BAD_REQUEST', key: 'send.subjectOneLine', message: 'The subject must be a single line', errors: [{ path: 'subject', key: 'send.subjectOneLine', message: 'The subject must be a single line' }] },
    })
    await openDialog({ subject: 'Hi', message: 'Hello there', emails: ['a@example.com'] })
    await userEvent.click(sendButton())
    await waitFor(() => expect(field('Subject').getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getAllByText('The subject must be a single line').length).toBe(2)
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('disables the fields and shows Send loading while sending', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await gate
        return new Response(JSON.stringify({ status: 'sent' }), { status: 200, headers: { 'Content-Type': 'application/json' } })
      }),
    )
    await openDialog({ message: 'Hello there', phones: ['+16155550101'] })
    await userEvent.click(sendButton())
    await waitFor(() => expect(field('Message')).toHaveProperty('disabled', true))
    expect(field('Subject')).toHaveProperty('disabled', true)
    expect(sendButton().getAttribute('data-loading')).toBe('true')
    release()
    await gone()
  })

  it('Cancel closes without sending', async () => {
    await openDialog({ message: 'Hello there', emails: ['a@example.com'] })
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await gone()
    expect(calls).toEqual([])
  })
})
