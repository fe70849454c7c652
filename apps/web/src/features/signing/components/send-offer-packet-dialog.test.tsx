import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, fakeApi } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { bodyOf, fetchRoutes, json, testPacket, testSigning } from '../test/test-signing'
import { OfferSigningPanel } from './offer-signing-panel'

const api = fakeApi()

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Send for signature' }))
  return screen.findByRole('dialog', { name: 'Send for signature' })
}

describe('Send for signature', () => {
  it('prefills the signers the offer names, with the purchase and sale agreement always included', async () => {
    fetchRoutes(api, { 'GET /api/offers/offer-1/signing': () => json(200, testSigning()) })
    renderAt(<OfferSigningPanel offerId="offer-1" offerStatus="accepted" />)
    const dialog = await openDialog()
    const first = within(dialog).getByRole('group', { name: 'Signer 1' })
    expect((within(first).getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Ben Buyer')
    expect((within(first).getByLabelText(/Email/) as HTMLInputElement).value).toBe('buyer-simple@example.com')
    expect((within(first).getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value).toBe('buyer')
    const second = within(dialog).getByRole('group', { name: 'Signer 2' })
    expect((within(second).getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Sam Seller')
    expect((within(dialog).getByLabelText(/Expires in/) as HTMLInputElement).value).toBe('7')
    expect((within(dialog).getByRole('checkbox', { name: 'Purchase and Sale Agreement (always included)' }) as HTMLInputElement).checked).toBe(true)
    // Moving rows is offered only when the order matters.
    expect(within(dialog).queryByRole('button', { name: 'Move signer 2 up' })).toBeNull()
  })

  it('shows a duplicate email on the field of the second signer and sends nothing', async () => {
    const { calls } = fetchRoutes(api, { 'GET /api/offers/offer-1/signing': () => json(200, testSigning()) })
    renderAt(<OfferSigningPanel offerId="offer-1" offerStatus="accepted" />)
    const dialog = await openDialog()
    const second = within(dialog).getByRole('group', { name: 'Signer 2' })
    const email = within(second).getByLabelText(/Email/)
    await userEvent.clear(email)
    await userEvent.type(email, 'BUYER-simple@example.com')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(await within(second).findByText('Each signer needs their own email address')).toBeTruthy()
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(within(within(dialog).getByRole('group', { name: 'Signer 1' })).queryByText('Each signer needs their own email address')).toBeNull()
    expect(calls('POST /api/offers/offer-1/signing')).toHaveLength(0)
  })

  it('sends the signers in order, the chosen attachments and the options, then closes', async () => {
    const { calls } = fetchRoutes(api, {
      'GET /api/offers/offer-1/signing': () => json(200, testSigning()),
      'POST /api/offers/offer-1/signing': () => json(201, { packet: testPacket() }),
    })
    renderAt(<OfferSigningPanel offerId="offer-1" offerStatus="accepted" />)
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('radio', { name: 'In order' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move signer 2 up' }))
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'pre-approval.pdf' }))
    const days = within(dialog).getByLabelText(/Expires in/)
    await userEvent.clear(days)
    await userEvent.type(days, '10')
    await userEvent.type(within(dialog).getByLabelText('Message to the signers (optional)'), 'Please sign by Friday')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(calls('POST /api/offers/offer-1/signing')).toHaveLength(1))
    expect(bodyOf(calls('POST /api/offers/offer-1/signing')[0])).toEqual({
      signers: [
        { name: 'Sam Seller', email: 'seller@example.com', phone: '', role: 'seller' },
        { name: 'Ben Buyer', email: 'buyer-simple@example.com', phone: '', role: 'buyer' },
      ],
      attachmentIds: ['att-1'],
      order: 'sequential',
      expiresInDays: 10,
      requireSmsCode: false,
      message: 'Please sign by Friday',
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send for signature' })).toBeNull())
  })

  it('asks for each phone when a texted code is required, and shows the server field errors on their fields', async () => {
    fetchRoutes(api, {
      'GET /api/offers/offer-1/signing': () => json(200, testSigning()),
      'POST /api/offers/offer-1/signing': () =>
        apiError(400, 'common.invalidEmail', { fields: ['signers.1.email'] }),
    })
    renderAt(<OfferSigningPanel offerId="offer-1" offerStatus="accepted" />)
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Require a code texted/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    const first = within(dialog).getByRole('group', { name: 'Signer 1' })
    expect(await within(first).findByText('A phone number is needed to send the signer a code')).toBeTruthy()

    await userEvent.type(within(first).getByLabelText(/^Phone/), '(615) 555-0123')
    const second = within(dialog).getByRole('group', { name: 'Signer 2' })
    await userEvent.type(within(second).getByLabelText(/^Phone/), '+16155550124')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(await within(second).findByText('Invalid email')).toBeTruthy()
  })
})
