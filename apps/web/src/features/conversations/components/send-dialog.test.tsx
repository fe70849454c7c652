import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { notifications } from '@mantine/notifications'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { apiError, fakeApi, reply } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import type { SendPrefill } from './send-prefill'
import { useSendDialog } from './send-dialog-host'

type Call = { path: string; body: Record<string, unknown> }

const api = fakeApi()
const calls = (): Call[] => api.calls().map(({ path, body }) => ({ path, body: body as Record<string, unknown> }))
const smsStatus = (status: string) => reply({ status })

beforeEach(() => {
  api.on('POST /api/messages/email', ({ body }) => reply({ queued: (body as { emailAddresses: string[] }).emailAddresses, optedOut: [] }))
  api.on('POST /api/messages/sms', smsStatus('sent'))
})
afterEach(() => {
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

  it("asks for 'Please enter email(s)' when no entry is an email, even with numbers to text, and sends nothing", async () => {
    await openDialog({ message: 'Hello there', phones: ['+16155550101'] })
    await userEvent.type(field('Emails'), 'nobody, at all')
    expect(screen.getByText('Not email addresses, so they will not be sent: nobody, at, all')).toBeTruthy()
    await userEvent.click(sendButton())
    expect(await screen.findByText('Please enter email(s)')).toBeTruthy()
    expect(field('Emails').getAttribute('aria-invalid')).toBe('true')
    expect(calls()).toEqual([])
  })

  it("needs a subject when emailing, and refuses a message over 5000 characters, on their fields", async () => {
    await openDialog({ message: 'x'.repeat(5001), emails: ['a@example.com'] })
    await userEvent.click(sendButton())
    expect(await screen.findByText('Required')).toBeTruthy()
    expect(screen.getByText('Must have at most 5000 characters')).toBeTruthy()
    expect(calls()).toEqual([])
  })

  it('refuses more than 10 recipients in all', async () => {
    const emails = Array.from({ length: 10 }, (_, i) => `p${i}@example.com`)
    await openDialog({ subject: 'Hi', message: 'Hello there', emails, phones: ['+16155550101'] })
    await userEvent.click(sendButton())
    expect(await screen.findByText('Send to at most 10 recipients at a time')).toBeTruthy()
    expect(calls()).toEqual([])
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
    expect(calls()).toEqual([
      { path: '/api/messages/email', body: { emailAddresses: ['a@example.com', 'b@example.com'], subject: 'A home', message: 'Look at this home', propertyId } },
      { path: '/api/messages/sms', body: { phoneNumber: '+16155550101', message: 'Look at this home', propertyId } },
      { path: '/api/messages/sms', body: { phoneNumber: '+16155550102', message: 'Look at this home', propertyId } },
    ])
  })

  it("one number: 'SMS sent!' or 'SMS failed. Check the number or try later'; a retry texts again without emailing twice", async () => {
    api.on('POST /api/messages/sms', smsStatus('failed'))
    await openDialog({ subject: 'Hi', message: 'Hello there', emails: ['a@example.com'], phones: ['+16155550101'] })
    await userEvent.click(sendButton())
    expect(await screen.findByText('SMS failed. Check the number or try later')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Already sent to a@example.com.')
    expect(field('Emails')).toHaveProperty('value', '')

    api.on('POST /api/messages/sms', smsStatus('pending'))
    await userEvent.click(sendButton())
    expect(await screen.findByText('SMS sent!')).toBeTruthy()
    await gone()
    expect(calls().map((call) => call.path)).toEqual(['/api/messages/email', '/api/messages/sms', '/api/messages/sms'])
  })

  it('several numbers, some failing: names exactly those, keeps them for another try, and drops what was sent', async () => {
    api.on('POST /api/messages/sms', ({ body }) => smsStatus(['+16155550102', '+16155550104'].includes((body as { phoneNumber: string }).phoneNumber) ? 'failed' : 'sent'))
    await openDialog({ subject: 'Hi', message: 'Hello there', emails: ['a@example.com'], phones: ['+16155550101', '+16155550102', '+16155550103', '+16155550104'] })
    await userEvent.click(sendButton())
    expect(await screen.findByText('SMS failed for (615) 555-0102, (615) 555-0104. The other messages were sent.')).toBeTruthy()
    expect(screen.getByText('Emails sent!')).toBeTruthy()
    expect(phones()).toEqual(['(615) 555-0102', '(615) 555-0104'])
    expect(screen.getByRole('status').textContent).toBe('Already sent to a@example.com, (615) 555-0101, (615) 555-0103.')
    expect(field('Emails')).toHaveProperty('value', '')
    expect(field('Phone numbers')).toHaveProperty('disabled', false)
  })

  it("all of several failing: 'SMS failed. Check the numbers or try later'", async () => {
    api.on('POST /api/messages/sms', smsStatus('opted-out'))
    await openDialog({ subject: 'Hi', message: 'Hello there', emails: ['a@example.com'], phones: ['+16155550101', '+16155550102'] })
    await userEvent.click(sendButton())
    expect(await screen.findByText('SMS failed. Check the numbers or try later')).toBeTruthy()
    expect(phones()).toEqual(['(615) 555-0101', '(615) 555-0102'])
  })

  it("shows the API's message for an hourly limit, and \"Couldn't send the email messages\" for another failure", async () => {
    api.on('POST /api/messages/email', apiError(429, 'send.emailHourlyLimit', { params: { limit: 50 } }))
    await openDialog({ subject: 'Hi', message: 'Hello there', emails: ['a@example.com'] })
    await userEvent.click(sendButton())
    expect(await screen.findByText('You can send at most 50 emails an hour. Please try again later.')).toBeTruthy()
    expect(field('Emails')).toHaveProperty('value', 'a@example.com')

    api.on('POST /api/messages/email', apiError(500, 'request.internal'))
    await userEvent.click(sendButton())
    expect(await screen.findByText("Couldn't send the email messages")).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it("puts the API's field errors (a 400) on their fields and keeps the dialog open", async () => {
    api.on('POST /api/messages/email', apiError(400, 'send.subjectOneLine', { fields: ['subject'] }))
    await openDialog({ subject: 'Hi', message: 'Hello there', emails: ['a@example.com'] })
    await userEvent.click(sendButton())
    await waitFor(() => expect(field('Subject').getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getAllByText('The subject must be a single line').length).toBe(2)
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('disables the fields and shows Send loading while sending', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    api.on('POST /api/messages/sms', async () => {
      await gate
      return smsStatus('sent')
    })
    await openDialog({ subject: 'Hi', message: 'Hello there', emails: ['a@example.com'], phones: ['+16155550101'] })
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
    expect(calls()).toEqual([])
  })
})
