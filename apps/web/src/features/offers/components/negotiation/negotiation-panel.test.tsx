import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { OfferVersion, OfferView } from '@offerbook/domain/offer'
import { apiError, fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { testOffer } from '../details/test-offer'
import { NegotiationPanel } from './negotiation-panel'
import { testPickers } from './test-pickers'

// No route unless a case declares one: any other request fails the case.
const api = fakeApi()

const base = testOffer()
const version = (number: number, side: 'buyer' | 'seller', purchasePrice: number, changed: string[], message = ''): OfferVersion => ({
  number,
  kind: number === 1 ? 'offer' : 'counter',
  side,
  actorName: side === 'buyer' ? 'Ben Buyer' : 'Lena Listing',
  message,
  terms: { ...base.terms, purchasePrice },
  changed,
  expiresAt: base.terms.expiresAt,
  createdAt: '2030-01-03T15:00:00.000Z',
})

const countered = (rest: Partial<Omit<OfferView, 'terms'>> = {}) =>
  testOffer({
    status: 'countered',
    terms: { purchasePrice: 470_000 },
    negotiation: { version: 2, turn: 'buyer', versions: [version(1, 'buyer', 450_000, []), version(2, 'seller', 470_000, ['purchasePrice'], 'We can meet at 470.')], bestRequest: null, preApprovalVerifiedAt: null },
    ...rest,
  })

describe('NegotiationPanel', () => {
  it("shows the buyer side the seller's counter as a difference, says it is their turn, and offers the three answers", async () => {
    renderAt(<NegotiationPanel offer={countered({ viewer: 'buyer', actions: ['withdraw', 'counter', 'acceptCounter', 'declineCounter'] })} pickers={testPickers()} />)
    const panel = await screen.findByRole('region', { name: 'Negotiation' })
    expect(within(panel).getByText('Countered: your turn to answer')).toBeTruthy()
    // The difference table's code and the offer's rules come beside the panel.
    const row = within(await within(panel).findByRole('table', { name: 'Version 1 and version 2 side by side' })).getByRole('row', { name: /^Purchase price/ })
    expect(row.textContent).toBe('Purchase price$450,000$470,000')
    // Only what changed is listed: the closing date stood.
    expect(within(panel).queryByRole('row', { name: /^Closing date/ })).toBeNull()
    for (const name of ['Accept the counter-offer', 'Decline the counter-offer', 'Counter back']) expect(within(panel).getByRole('button', { name })).toBeTruthy()
    expect(within(panel).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Version 1, the offer as shared, .+ · \$450,000 Agreement$/),
      expect.stringMatching(/^Version 2, from the seller side, .+ · \$470,000 · “We can meet at 470\.” Agreement$/),
    ])
  })

  it('shows the seller side whose turn it is and no answer while the buyer side has the counter', async () => {
    renderAt(<NegotiationPanel offer={countered({ viewer: 'seller', actions: ['decline'] })} pickers={testPickers()} />)
    const panel = await screen.findByRole('region', { name: 'Negotiation' })
    expect(within(panel).getByText('Countered: waiting for the buyer side')).toBeTruthy()
    // Only the versions' agreements to open: no answer.
    expect(within(panel).getAllByRole('button').map((button) => button.textContent)).toEqual(['Agreement', 'Agreement'])
  })

  it('sends the buyer side\'s acceptance of the counter', async () => {
    api.on('POST /api/offers/offer-1/counter/accept', reply({ offer: countered({ status: 'accepted', actions: [] }) }))
    renderAt(<NegotiationPanel offer={countered({ viewer: 'buyer', actions: ['withdraw', 'counter', 'acceptCounter', 'declineCounter'] })} pickers={testPickers()} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the counter-offer' }))
    await waitFor(() => expect(api.calls().length).toBeGreaterThan(0))
    const [request] = api.calls()
    expect(request?.url).toMatch(/\/api\/offers\/offer-1\/counter\/accept$/)
    expect(request?.method).toBe('POST')
  })

  it("shows 'pre-approved' and lets the seller side mark the letter verified", async () => {
    const letter = { id: 'a1', kind: 'pre-approval' as const, filename: 'letter.pdf', contentType: 'application/pdf', size: 10, createdAt: '2030-01-02T15:00:00.000Z' }
    renderAt(<NegotiationPanel offer={testOffer({ viewer: 'seller', actions: ['accept', 'decline', 'counter'], attachments: [letter] })} pickers={testPickers()} />)
    const panel = await screen.findByRole('region', { name: 'Negotiation' })
    expect(within(panel).getByText('pre-approved')).toBeTruthy()
    expect(within(panel).getByRole('button', { name: 'Mark the letter verified' })).toBeTruthy()
    expect(within(panel).getByRole('button', { name: 'Counter' })).toBeTruthy()
  })

  it("opens a version's purchase agreement, the PDF the server makes for that version, in a dialog with a download", async () => {
    api.on('GET /api/offers/offer-1/agreement', (request) => {
      expect(request.url).toMatch(/\/api\/offers\/offer-1\/agreement\?version=1$/)
      return new Response(new Blob(['%PDF-1.7 agreement'], { type: 'application/pdf' }), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="Purchase-and-Sale-Agreement-v1-2030-01-03.pdf"' } })
    })
    renderAt(<NegotiationPanel offer={countered({ viewer: 'seller', actions: ['decline'] })} pickers={testPickers()} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Open the purchase and sale agreement of version 1' }))
    const dialog = await screen.findByRole('dialog', { name: 'Purchase and Sale Agreement, version 1' })
    const frame = within(dialog).getByTitle('Purchase and Sale Agreement, version 1')
    expect(frame.getAttribute('src')).toMatch(/^blob:/)
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("says so when a version's agreement cannot be opened", async () => {
    api.on('GET /api/offers/offer-1/agreement', apiError(404, 'offer.versionNotFound', { params: { version: 2 } }))
    renderAt(<NegotiationPanel offer={countered({ viewer: 'seller', actions: ['decline'] })} pickers={testPickers()} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Open the purchase and sale agreement of version 2' }))
    expect(await screen.findByText('This offer has no version 2')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('tells a browser with no PDF viewer, as most phones, to download the agreement', async () => {
    api.on('GET /api/offers/offer-1/agreement', () => new Response(new Blob(['%PDF-1.7 agreement'], { type: 'application/pdf' }), { status: 200, headers: { 'content-type': 'application/pdf' } }))
    Object.defineProperty(navigator, 'pdfViewerEnabled', { configurable: true, value: false })
    try {
      renderAt(<NegotiationPanel offer={countered({ viewer: 'seller', actions: ['decline'] })} pickers={testPickers()} />)
      await userEvent.click(await screen.findByRole('button', { name: 'Open the purchase and sale agreement of version 2' }))
      const dialog = await screen.findByRole('dialog', { name: 'Purchase and Sale Agreement, version 2' })
      expect(within(dialog).getByText('This browser cannot show a PDF here: download it to read it.')).toBeTruthy()
      expect(within(dialog).queryByTitle('Purchase and Sale Agreement, version 2')).toBeNull()
      expect(within(dialog).getByRole('button', { name: 'Download' })).toBeTruthy()
    } finally {
      delete (navigator as { pdfViewerEnabled?: boolean }).pdfViewerEnabled
    }
  })
})
