import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { EarnestMoneyView } from '@offerbook/domain/earnest-money'
import { apiError, fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { EarnestMoneySection } from './earnest-money-section'
import { NO_EARNEST_MONEY } from './earnest-money.test-helpers'

const api = fakeApi()

const RECEIVED: EarnestMoneyView = {
  ...NO_EARNEST_MONEY,
  links: [{ id: 'l1', email: 'escrow@title.test', sentAt: '2026-01-13T15:00:00.000Z', expiresAt: '2026-01-27T15:00:00.000Z', state: 'used' }],
  receipt: { amount: 5000, receivedOn: '2026-01-13', method: 'wire', methodOther: '', attestedAt: '2026-01-13T16:00:00.000Z', holderEmail: 'escrow@title.test' },
}

describe('EarnestMoneySection', () => {
  it('names the holder, sends the holder a link from the keyboard, and shows a refused address on its field', async () => {
    const user = userEvent.setup()
    api.on('GET /api/offers/offer-1/earnest-money', () => reply(NO_EARNEST_MONEY))
    api.on('POST /api/offers/offer-1/earnest-money/holder-link', ({ body }) =>
      (body as { email: string }).email === 'taken@title.test' ? apiError(400, 'common.invalidEmail', { fields: ['email'] }) : reply({ ...NO_EARNEST_MONEY, links: [{ id: 'l1', email: 'escrow@title.test', sentAt: '2026-01-14T15:00:00.000Z', expiresAt: '2026-01-28T15:00:00.000Z', state: 'open' }] }),
    )
    renderAt(<EarnestMoneySection offerId="offer-1" />)
    const section = screen.getByRole('region', { name: 'Earnest money' })
    expect(within(section).getByRole('status').textContent).toContain('Loading the earnest money')
    expect(await within(section).findByText(/Volunteer Title \(Title company\)/)).toBeTruthy()
    expect(within(section).getByTestId('earnest-money-receipt').textContent).toBe('The holder has not confirmed receipt yet.')

    await user.click(within(section).getByRole('button', { name: 'Send the holder a link' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send the holder a link' })
    // Checked before it is sent: nothing reaches the API.
    await user.click(within(dialog).getByRole('button', { name: 'Send the link' }))
    expect(await within(dialog).findByText('Required')).toBeTruthy()
    expect(api.calls('POST /api/offers/offer-1/earnest-money/holder-link')).toEqual([])
    await user.type(within(dialog).getByLabelText(/Holder's email address/), 'taken@title.test{Enter}')
    expect(await within(dialog).findByText('Invalid email')).toBeTruthy()
    const email = within(dialog).getByLabelText(/Holder's email address/)
    await user.clear(email)
    await user.type(email, 'escrow@title.test{Enter}')
    expect(await within(section).findByText(/escrow@title\.test, sent .*: waiting/)).toBeTruthy()
    expect(api.calls('POST /api/offers/offer-1/earnest-money/holder-link').at(-1)?.body).toEqual({ email: 'escrow@title.test', language: 'en-us' })
  })

  it('shows the receipt, and records a written request with its clock', async () => {
    const user = userEvent.setup()
    api.on('GET /api/offers/offer-1/earnest-money', () => reply(RECEIVED))
    api.on('POST /api/offers/offer-1/earnest-money/request', ({ body }) =>
      reply({
        ...RECEIVED,
        request: { ...(body as { requestedOn: string; requestedBy: string; payee: string }), recordedByName: 'Lena', recordedAt: '2026-01-14T16:00:00.000Z' },
        clock: { requestedOn: '2026-01-14', dueOn: '2026-02-04', remindOn: ['2026-01-28', '2026-02-01', '2026-02-04'], daysLeft: 21, state: 'open' },
      }),
    )
    renderAt(<EarnestMoneySection offerId="offer-1" />)
    const section = screen.getByRole('region', { name: 'Earnest money' })
    expect((await within(section).findByTestId('earnest-money-receipt')).textContent).toBe('Received $5,000 on January 13, 2026 (Wire transfer), confirmed by escrow@title.test.')
    expect(within(section).queryByRole('button', { name: 'Send the holder a link' })).toBeNull()
    await user.click(within(section).getByRole('button', { name: 'Record a request to disburse' }))
    const dialog = await screen.findByRole('dialog', { name: 'Record a written request to disburse' })
    await user.type(within(dialog).getByLabelText(/Who made the request/), 'Ana Buyer')
    await user.type(within(dialog).getByLabelText(/Payee asked for/), 'Ana Buyer')
    await user.click(within(dialog).getByRole('button', { name: 'Record' }))
    expect((await within(section).findByTestId('earnest-money-request')).textContent).toContain('Disburse or interplead by February 4, 2026. 21 days left')
    expect(within(section).getByRole('button', { name: 'Record the release' })).toBeTruthy()
  })
})
