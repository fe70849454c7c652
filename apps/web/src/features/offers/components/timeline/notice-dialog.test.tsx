import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ContractNotices } from '@offerbook/domain/contract-notices'
import type { ContractTimelineView } from '@offerbook/domain/contract-timeline-view'
import { apiError, fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { testOffer } from '../details/test-offer'
import { ContractTimelineSection } from './contract-timeline-section'

const api = fakeApi()

const offer = testOffer({ id: 'offer-1', status: 'accepted', viewer: 'buyer', bindingAgreementAt: '2026-01-12T22:45:00.000Z' })

const item = (kind: 'inspectionPeriod' | 'resolutionPeriod', state: 'upcoming' | 'done' | 'waived') => ({
  kind,
  owner: kind === 'inspectionPeriod' ? ('buyer' as const) : ('both' as const),
  basis: 'agreement' as const,
  date: kind === 'inspectionPeriod' ? '2026-01-22' : '2026-01-27',
  due: null,
  estimated: false,
  waitsFor: null,
  nonBusinessDay: null,
  lastBusinessDay: null,
  title: `timeline.${kind}`,
  ifNothing: { key: `timeline.${kind}IfNothing` },
  state,
})

const timeline = (state: 'upcoming' | 'done'): ContractTimelineView => ({
  offerId: 'offer-1',
  bindingAgreementDate: '2026-01-12',
  zone: 'America/Chicago',
  asOf: '2026-01-14T12:00:00.000Z',
  items: [item('inspectionPeriod', state), item('resolutionPeriod', state === 'done' ? 'waived' : 'upcoming')],
})

const NOTICES: ContractNotices = { notices: [], side: 'buyer', terminationGrounds: ['inspection'], signers: [{ name: 'Ben Buyer', email: 'ben@example.com', role: 'buyer' }] }

describe('NoticeDialog', () => {
  it("sends the buyer side's inspection notice from its item after checking its facts, and closes", async () => {
    let state: 'upcoming' | 'done' = 'upcoming'
    api.on('GET /api/offers/offer-1/timeline', () => reply(timeline(state)))
    api.on('GET /api/offers/offer-1/notices', () => reply(NOTICES))
    api.on('POST /api/offers/offer-1/notices', () => {
      state = 'done'
      return reply({ notice: { id: 'n1', type: 'inspectionResult', item: 'inspectionPeriod', side: 'buyer', facts: {}, title: "Buyer's Notice of the Inspection Result", packetId: 'p1', status: 'sent', createdByName: 'Ben Buyer', createdAt: '2026-01-14T12:00:00.000Z', deliveredAt: null, canDownload: false } }, 201)
    })
    renderAt(<ContractTimelineSection offer={offer} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Send notice about Inspection period ends' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send a notice' })
    expect(within(dialog).getByTestId('notice-signers').textContent).toContain('Signed by Ben Buyer')
    // Nothing chosen: the result's own message, and nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for signature' }))
    expect(await within(dialog).findByText('Choose the result of the inspections.')).toBeTruthy()
    expect(api.calls('POST /api/offers/offer-1/notices')).toEqual([])

    await userEvent.click(within(dialog).getByRole('radio', { name: /Satisfied: no repairs asked/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for signature' }))
    await waitFor(() => expect(api.calls('POST /api/offers/offer-1/notices')).toHaveLength(1))
    expect(api.calls('POST /api/offers/offer-1/notices')[0]!.body).toEqual({ type: 'inspectionResult', item: 'inspectionPeriod', result: 'satisfied', note: '' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("shows the API's refusal of the whole notice, and ends the contract with a ground and a reason", async () => {
    api.on('GET /api/offers/offer-1/timeline', () => reply(timeline('upcoming')))
    api.on('GET /api/offers/offer-1/notices', () => reply(NOTICES))
    api.on('POST /api/offers/offer-1/notices', (request) =>
      (request.body as { type: string }).type === 'termination' ? apiError(409, 'notice.terminationInFlight') : apiError(409, 'notice.itemDone', { fields: ['item'] }),
    )
    renderAt(<ContractTimelineSection offer={offer} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Send notice about Inspection period ends' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send a notice' })
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Asking for repairs or replacements' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for signature' }))
    expect((await within(dialog).findByTestId('notice-problem')).textContent).toBe('A notice for an item that is already done is refused.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await userEvent.click(screen.getByRole('button', { name: 'Terminate the contract' }))
    const terminate = await screen.findByRole('dialog', { name: 'Terminate the contract' })
    await userEvent.click(within(terminate).getByRole('button', { name: 'Send the termination for signature' }))
    expect(await within(terminate).findByText('Enter the reason.')).toBeTruthy()
    expect(within(terminate).getByText('Choose the ground on which the contract ends.')).toBeTruthy()
    // jsdom has no layout: the select's list scrolls its active option into view.
    Element.prototype.scrollIntoView ??= () => {}
    await userEvent.click(within(terminate).getAllByLabelText(/Ground/).find((element) => element.tagName === 'INPUT')!)
    await userEvent.click(await screen.findByRole('option', { name: 'Inspection contingency', hidden: true }))
    await userEvent.type(within(terminate).getByRole('textbox', { name: /Reason/ }), 'The roof needs replacing.')
    await userEvent.click(within(terminate).getByRole('button', { name: 'Send the termination for signature' }))
    await waitFor(() => expect(api.calls('POST /api/offers/offer-1/notices')).toHaveLength(2))
    expect(api.calls('POST /api/offers/offer-1/notices')[1]!.body).toEqual({ type: 'termination', ground: 'inspection', reason: 'The roof needs replacing.' })
    expect((await within(terminate).findByTestId('notice-problem')).textContent).toBe('A notice of termination is already out for signature.')
  })

  it('shows a done item without a Send notice action', async () => {
    api.on('GET /api/offers/offer-1/timeline', () => reply(timeline('done')))
    api.on('GET /api/offers/offer-1/notices', () => reply(NOTICES))
    renderAt(<ContractTimelineSection offer={offer} />)
    const inspection = await screen.findByTestId('timeline-item-inspectionPeriod')
    expect(within(inspection).getByText('Done')).toBeTruthy()
    expect(within(screen.getByTestId('timeline-item-resolutionPeriod')).getByText('Waived')).toBeTruthy()
    await screen.findByText('No notice has been sent on this contract yet.')
    expect(screen.queryByRole('button', { name: /Send a notice/ })).toBeNull()
  })
})
