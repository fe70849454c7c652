import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ContractAmendments } from '@offerbook/domain/contract-amendments'
import { apiError, fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { testOffer } from '../details/test-offer'
import { AmendmentForm } from './amendment-form'
import { AmendmentsPanel } from './amendments-panel'

// No route unless a case declares one: any other request fails the case.
const api = fakeApi()

/** An accepted offer bound ten days ago, closing on June 30, 2031, as its buyer side sees it. */
const offer = testOffer({ id: 'offer-1', status: 'accepted', viewer: 'buyer', actions: ['close', 'terminate'], bindingAgreementAt: new Date(Date.now() - 10 * 86_400_000).toISOString() })

const list = (rest: Partial<ContractAmendments> = {}): ContractAmendments => ({
  amendments: [],
  repairProposals: [],
  side: 'buyer',
  version: 3,
  canDraft: true,
  waitingFor: null,
  canProposeRepairs: false,
  resolutionEnds: null,
  ...rest,
})

async function openForm() {
  let closed = false
  renderAt(<AmendmentForm offer={offer} version={3} opened onClose={() => (closed = true)} />)
  const dialog = await screen.findByRole('dialog', { name: 'Propose an amendment' })
  return { dialog, closed: () => closed }
}

const send = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Send for signature' }))

describe('AmendmentForm', () => {
  it('refuses an amendment that changes nothing, on the form, without sending it', async () => {
    const { dialog } = await openForm()
    expect(within(dialog).getByText('Nothing changed yet.')).toBeTruthy()
    await send(dialog)
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The amendment changes nothing: change at least one term')
    expect(api.calls()).toEqual([])
  })

  it('shows each change current -> new and sends only what changed, with the version it was drafted on', async () => {
    api.on('POST /api/offers/offer-1/amendments', reply(list({ canDraft: false, waitingFor: 1 }), 201))
    const { dialog, closed } = await openForm()
    const closing = within(dialog).getByRole('textbox', { name: 'Closing date' })
    expect(within(dialog).getByText('Now: June 30, 2031')).toBeTruthy()
    await userEvent.clear(closing)
    await userEvent.type(closing, '2031-07-15')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a repair' }))
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Repair 1' }), 'Replace the water heater')
    const summary = within(dialog).getByTestId('amendment-summary')
    expect(summary.textContent).toContain('Closing date: June 30, 2031 → July 15, 2031')
    expect(summary.textContent).toContain('Repairs the seller makes: Replace the water heater')
    await send(dialog)
    await waitFor(() => expect(closed()).toBe(true))
    expect(api.calls()[0]?.body).toEqual({ changes: { closingDate: '2031-07-15', repairs: ['Replace the water heater'] }, version: 3, message: '', confirmed: false })
  })

  it("refuses a closing before today on its field, and shows the API's refusal on its field", async () => {
    const { dialog } = await openForm()
    const closing = within(dialog).getByRole('textbox', { name: 'Closing date' })
    await userEvent.clear(closing)
    await userEvent.type(closing, '2020-01-02')
    await send(dialog)
    expect(await within(dialog).findByText('The new closing date cannot be before today')).toBeTruthy()
    expect(api.calls()).toEqual([])

    api.on('POST /api/offers/offer-1/amendments', apiError(400, 'amendment.fieldUnchanged', { fields: ['changes.resolutionPeriodDays'] }))
    await userEvent.clear(closing)
    await userEvent.type(closing, '2031-08-01')
    await send(dialog)
    expect(await within(dialog).findByText("This is already the contract's term: change it or leave it out")).toBeTruthy()
  })
})

describe('AmendmentsPanel', () => {
  it('lists the amendments with their state and changes, and says why a new one waits', async () => {
    api.on(
      'GET /api/offers/offer-1/amendments',
      reply(
        list({
          canDraft: false,
          waitingFor: 2,
          amendments: [
            { id: 'a2', number: 2, side: 'seller', draftedByName: 'Lena Listing', createdAt: '2031-05-02T15:00:00.000Z', state: 'signing', changes: { purchasePrice: 440_000 }, lines: [{ field: 'purchasePrice', before: 450_000, after: 440_000 }], baseVersion: 2, appliedVersion: null, message: '', packetId: 'p2', repairProposalId: null },
            { id: 'a1', number: 1, side: 'buyer', draftedByName: 'Alex Agent', createdAt: '2031-04-20T15:00:00.000Z', state: 'signed', changes: { closingDate: '2031-07-15' }, lines: [{ field: 'closingDate', before: '2031-06-30', after: '2031-07-15' }], baseVersion: 1, appliedVersion: 2, message: '', packetId: 'p1', repairProposalId: null },
          ],
        }),
      ),
    )
    renderAt(<AmendmentsPanel offer={offer} />)
    const second = await screen.findByTestId('amendment-2')
    expect(within(second).getByText('Out for signature')).toBeTruthy()
    expect(second.textContent).toContain('Purchase price: $450,000 → $440,000')
    expect(within(screen.getByTestId('amendment-1')).getByText('Signed by both sides')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Propose an amendment' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Amendment 2 is out for signature: a new one waits until it is signed, declined or expired.')).toBeTruthy()
  })

  it('shows the contract’s stated outcome in words when repairs are declined', async () => {
    api.on(
      'GET /api/offers/offer-1/amendments',
      reply(list({ repairProposals: [{ id: 'r1', status: 'declined', rounds: [{ side: 'buyer', repairs: ['Fix the roof'], message: '', at: '2031-05-01T15:00:00.000Z', byName: 'Alex Agent' }], awaiting: null, amendmentId: null, resolutionEnds: '2031-05-12', createdAt: '2031-05-01T15:00:00.000Z' }] })),
    )
    renderAt(<AmendmentsPanel offer={offer} />)
    const outcome = await screen.findByTestId('repairs-declined-outcome')
    expect(outcome.textContent).toContain('the agreement ends and the earnest money goes back to the buyer')
    expect(outcome.textContent).toContain('May 12, 2031')
    expect(screen.getByText('No amendments yet.')).toBeTruthy()
  })
})
