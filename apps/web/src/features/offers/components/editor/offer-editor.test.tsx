import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { notifications } from '@mantine/notifications'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OfferTermsInput, OfferView } from '@offerbook/domain/offer'
import { OfferTermsSchema } from '@offerbook/domain/offer'
import { initSession, saveSession } from '../../../../shared/session'
import type { FakeRoute } from '../../../../test/fake-api'
import { apiError, fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { useOffer } from '../../api/offers'
import { testOffer } from '../details/test-offer'
import { OfferEditor } from './offer-editor'
import { NO_EARNEST_MONEY } from '../earnest-money/earnest-money.test-helpers'

const api = fakeApi()
const OFFER = '/api/offers/offer-1'
let offer: OfferView

/** POST /api/offers/offer-1/<action> as the API takes it: share and withdraw move the offer on; each answers the offer. */
const takeAction: FakeRoute = ({ params }) => {
  if (params.action === 'share') offer = { ...offer, status: 'active', actions: ['withdraw'], shareUrl: 'http://localhost/property/listing-1/offers/offer-1' }
  if (params.action === 'withdraw') offer = { ...offer, status: 'withdrawn', actions: [] }
  return reply({ offer })
}

function draft(terms: OfferTermsInput = {}, rest: Partial<OfferView> = {}): OfferView {
  const base = testOffer({ status: 'draft', actions: ['share'], sharedAt: null, terms })
  return { ...base, ...rest }
}

beforeEach(() => {
  initSession()
  saveSession({ accessToken: 'tok', persist: false })
  api.on(`GET ${OFFER}`, () => reply({ offer }))
  api.on(`PATCH ${OFFER}`, ({ body }) => {
    offer = { ...offer, terms: OfferTermsSchema.parse((body as { terms: unknown }).terms) }
    return reply({ offer })
  })
  api.on(`POST ${OFFER}/:action`, takeAction)
  // The contract timeline section of an accepted offer asks for it; these tests read other parts of the page.
  api.on(`GET ${OFFER}/timeline`, () => reply({ offerId: offer.id, bindingAgreementDate: null, zone: 'America/Chicago', asOf: new Date().toISOString(), items: [] }))
  // So does its amendments section (decision 066).
  api.on(`GET ${OFFER}/amendments`, () => reply({ amendments: [], repairProposals: [], side: 'buyer', version: 1, canDraft: true, waitingFor: null, canProposeRepairs: false, resolutionEnds: null }))
  api.on(`GET ${OFFER}/notices`, () => reply({ notices: [], side: 'buyer', terminationGrounds: [], signers: [] }))
  // And its brokerage file (issue #35): a buyer who keeps none gets 404, and the section stays hidden.
  api.on(`GET ${OFFER}/file/:side`, apiError(404, 'request.notFound'))
  // And its earnest money section (decision 070).
  api.on(`GET ${OFFER}/earnest-money`, () => reply(NO_EARNEST_MONEY))
})

afterEach(() => {
  vi.useRealTimers()
  notifications.clean()
})

/** The editor as the page shows it: the offer from the API, the clause pickers as plain buttons. */
function Harness() {
  const query = useOffer('offer-1')
  if (!query.data) return <p>loading</p>
  return <OfferEditor offer={query.data} pickers={{ renderStipulations: () => <button type="button">GENERATE</button>, renderAddendum: () => <button type="button">GENERATE</button> }} />
}

async function open(start: OfferView) {
  offer = start
  renderAt(<Harness />, '/submitted-offers/update/offer-1')
  await screen.findByRole('heading', { name: 'Your offer' })
  // The terms after the price come with the editor's later chunk, beside the page (decision 088).
  if (start.viewer === 'buyer' && ['draft', 'active', 'expired'].includes(start.status)) await screen.findByRole('region', { name: 'Closing and possession' })
}

const patches = () => api.calls(`PATCH ${OFFER}`).map((request) => (request.body as { terms: OfferView['terms'] }).terms)
const posts = (action: string) => api.calls(`POST ${OFFER}/${action}`)
const saveStatus = () => screen.getByTestId('offer-save-status').textContent

describe('OfferEditor autosave', () => {
  it('saves about a second after the last change, not before, and says so', async () => {
    await open(draft())
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const price = screen.getByRole('spinbutton', { name: 'Purchase price' })

    fireEvent.change(price, { target: { value: '455,000' } })
    await act(() => vi.advanceTimersByTimeAsync(600))
    // Another change starts the wait again.
    fireEvent.change(price, { target: { value: '456,000' } })
    await act(() => vi.advanceTimersByTimeAsync(999))
    expect(patches()).toHaveLength(0)
    expect(saveStatus()).toBe('Changes not saved yet…')

    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(patches()).toHaveLength(1)
    expect(patches()[0]?.purchasePrice).toBe(456_000)
    vi.useRealTimers()
    await waitFor(() => expect(saveStatus()).toMatch(/^Saved at \d{2}:\d{2}/))
  })

  it('does not send an invalid field: the rest is saved, the field keeps its error', async () => {
    await open(draft())
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const lenderEmail = screen.getByRole('textbox', { name: 'Lender email' })
    fireEvent.change(lenderEmail, { target: { value: 'not-an-email' } })
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(patches()).toHaveLength(0)
    expect(saveStatus()).toBe('Not saved: correct the fields marked in red')
    expect(lenderEmail.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Invalid email')).toBeTruthy()

    fireEvent.change(screen.getByRole('textbox', { name: "Holder's name" }), { target: { value: 'Music Row Title' } })
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(patches()).toHaveLength(1)
    expect(patches()[0]?.earnestMoney.holderName).toBe('Music Row Title')
    expect(patches()[0]?.financing.lenderEmail).toBe('loans@firstbank.example')
    expect(saveStatus()).toBe('Not saved: correct the fields marked in red')
  })

  it('asks to save unsaved edits before an action, and Save saves at once and goes on', async () => {
    const user = userEvent.setup()
    await open(draft())
    fireEvent.change(screen.getByRole('textbox', { name: "Holder's name" }), { target: { value: 'Music Row Title' } })
    await user.click(screen.getByRole('button', { name: 'Share with the seller' }))

    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' })
    expect(dialog.textContent).toContain('Your changes are not saved. Please save the form before proceeding further')
    expect(posts('share')).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(posts('share')).toHaveLength(1))
    expect(patches().at(-1)?.earnestMoney.holderName).toBe('Music Row Title')
    // PATCH came first.
    const sent = api.calls()
    expect(sent.findIndex((request) => request.method === 'PATCH')).toBeLessThan(sent.findIndex((request) => request.path.endsWith('/share')))
  })

  it('Stay keeps the edits unsaved and the action not taken', async () => {
    const user = userEvent.setup()
    await open(draft())
    fireEvent.change(screen.getByRole('textbox', { name: "Holder's name" }), { target: { value: 'x' } })
    await user.click(screen.getByRole('button', { name: 'Share with the seller' }))
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' })
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posts('share')).toHaveLength(0)
  })
})

describe('OfferEditor actions', () => {
  it('will not share without the listing agent name and email, and says why beside the fields', async () => {
    const user = userEvent.setup()
    await open(draft({ listingAgent: { fullName: 'Lena Listing', email: '' } }))
    await user.click(screen.getByRole('button', { name: 'Share with the seller' }))
    expect(screen.getByRole('alert').textContent).toBe('Listing agent email & name is mandatory to share the offer')
    expect(posts('share')).toHaveLength(0)
    const agent = screen.getByRole('region', { name: 'Listing agent and licensee' })
    const email = within(agent).getByRole('textbox', { name: 'Email' })
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(email)
  })

  it("shares, shows the API's field errors on their fields when refused, and the link when shared", async () => {
    const user = userEvent.setup()
    await open(draft())
    api.on(`POST ${OFFER}/share`, apiError(400, 'offerTerms.closingDateRequired', { fields: ['closingDate'] }))
    await user.click(screen.getByRole('button', { name: 'Share with the seller' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the closing date')
    const closing = screen.getByRole('region', { name: 'Closing and possession' })
    expect(within(closing).getByText('Enter the closing date')).toBeTruthy()

    api.on(`POST ${OFFER}/:action`, takeAction)
    await user.click(screen.getByRole('button', { name: 'Share with the seller' }))
    expect(await screen.findByText('The offer was shared with the listing agent.')).toBeTruthy()
    expect(screen.getByText('Active')).toBeTruthy()
    expect((screen.getByRole('textbox', { name: 'Share link' }) as HTMLInputElement).value).toBe('http://localhost/property/listing-1/offers/offer-1')
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy()
  })

  it('asks to confirm a price under 70 % of the list price with the figure spelled out, asks again on sharing, and sends the confirmation', async () => {
    const user = userEvent.setup()
    await open(draft({ purchasePrice: 44_500, earnestMoney: { amount: 1_000, holder: 'title-company', holderName: 'Volunteer Title', dueDays: 3 } }))
    const check = screen.getByTestId('money-check-purchasePrice')
    expect(check.textContent).toContain('This price is under 70 % of the list price ($322,000).')
    expect(check.textContent).toContain('You typed $44,500: forty-four thousand five hundred dollars.')
    expect(screen.queryByTestId('money-check-earnestMoney')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Share with the seller' }))
    expect((await screen.findByRole('alert')).textContent).toBe('An amount looks unusual: confirm it before sharing the offer')
    expect(posts('share')).toHaveLength(0)

    await user.click(within(check).getByRole('checkbox', { name: 'Yes, $44,500 is right' }))
    await user.click(screen.getByRole('button', { name: 'Share with the seller' }))
    const dialog = await screen.findByRole('dialog', { name: 'Check these amounts' })
    expect(dialog.textContent).toContain('forty-four thousand five hundred dollars')
    await user.click(within(dialog).getByRole('button', { name: 'Share with the seller' }))
    await waitFor(() => expect(posts('share')).toHaveLength(1))
    expect(posts('share')[0]?.body).toEqual({ confirmed: ['purchasePrice'] })
  })

  it('asks again when the confirmed figure changes, and not at all once it is within bounds', async () => {
    const user = userEvent.setup()
    await open(draft({ purchasePrice: 44_500 }))
    await user.click(screen.getByRole('checkbox', { name: 'Yes, $44,500 is right' }))
    const price = screen.getByRole('spinbutton', { name: 'Purchase price' })
    fireEvent.change(price, { target: { value: '45000' } })
    expect((await screen.findByRole('checkbox', { name: 'Yes, $45,000 is right' }) as HTMLInputElement).checked).toBe(false)
    fireEvent.change(price, { target: { value: '440000' } })
    await waitFor(() => expect(screen.queryByTestId('money-check-purchasePrice')).toBeNull())
  })

  it('checks the buyer details first, then the listing agent, before generating the forms', async () => {
    const user = userEvent.setup()
    await open(draft({ buyers: [], listingAgent: { fullName: '', email: '' } }))
    const generate = screen.getByRole('button', { name: 'Generate forms' })
    await user.click(generate)
    expect(screen.getByRole('alert').textContent).toBe('Please fill the buyer details before generating the forms')

    await user.click(screen.getByRole('button', { name: 'Add a buyer' }))
    const buyer = screen.getByRole('group', { name: 'Buyer 1' })
    fireEvent.change(within(buyer).getByRole('textbox', { name: 'Full name' }), { target: { value: 'Ben Buyer' } })
    fireEvent.change(within(buyer).getByRole('textbox', { name: 'Email' }), { target: { value: 'ben@example.com' } })
    await user.click(generate)
    expect(screen.getByRole('alert').textContent).toBe('Please fill the listing agent details before generating the forms')
    expect(posts('forms')).toHaveLength(0)
  })

  it('generates the forms and lists the PDF with the attachments', async () => {
    const user = userEvent.setup()
    await open(draft())
    api.on(`POST ${OFFER}/forms`, () => {
      const attachment = { id: 'a1', kind: 'offer-form', filename: 'offer-120-maple-ave.pdf', contentType: 'application/pdf', size: 48_000, createdAt: '2030-01-02T17:00:00.000Z' } as const
      offer = { ...offer, attachments: [attachment], events: [{ type: 'forms-generated', at: attachment.createdAt, actorName: 'Ben Buyer' }] }
      return reply({ attachment }, 201)
    })
    await user.click(screen.getByRole('button', { name: 'Generate forms' }))
    const files = await screen.findByRole('list', { name: 'Attachments' })
    expect(within(files).getByText('offer-120-maple-ave.pdf')).toBeTruthy()
    expect(within(files).getByText('Offer form')).toBeTruthy()
    expect(within(files).getByRole('button', { name: 'Download offer-120-maple-ave.pdf' })).toBeTruthy()
  })

  it('says a form replaced since the list was read is no longer on the offer, and lists the new one', async () => {
    const user = userEvent.setup()
    const form = (id: string, filename: string) => ({ id, kind: 'offer-form', filename, contentType: 'application/pdf', size: 48_000, createdAt: '2030-01-02T17:00:00.000Z' }) as const
    await open(draft({}, { attachments: [form('a1', 'Purchase-and-Sale-Agreement-2030-01-02.pdf')] }))
    // Generated again elsewhere: the first form is gone, a new one stands in its place.
    offer = { ...offer, attachments: [form('a2', 'Purchase-and-Sale-Agreement-2030-01-03.pdf')] }
    api.on(`GET ${OFFER}/attachments/a1`, apiError(404, 'offer.attachmentNotFound'))
    await user.click(screen.getByRole('button', { name: 'Download Purchase-and-Sale-Agreement-2030-01-02.pdf' }))
    expect(await screen.findByText('This file is not on the offer. It may have been replaced or removed.')).toBeTruthy()
    const files = screen.getByRole('list', { name: 'Attachments' })
    expect(await within(files).findByText('Purchase-and-Sale-Agreement-2030-01-03.pdf')).toBeTruthy()
    expect(within(files).queryByText('Purchase-and-Sale-Agreement-2030-01-02.pdf')).toBeNull()
  })

  it("previews a draft's agreement before sharing, saving what was typed first", async () => {
    const user = userEvent.setup()
    await open(draft())
    api.on(`GET ${OFFER}/agreement`, (request) => {
      // The terms typed are saved before the PDF is read, so the preview is what the seller side would get.
      expect(patches().at(-1)?.purchasePrice).toBe(455_000)
      expect(request.url).toMatch(/\/agreement$/)
      return new Response(new Blob(['%PDF-1.7 draft'], { type: 'application/pdf' }), { status: 200, headers: { 'content-type': 'application/pdf' } })
    })
    const price = screen.getByRole('spinbutton', { name: 'Purchase price' })
    await user.clear(price)
    await user.type(price, '455000')
    await user.click(screen.getByRole('button', { name: 'Preview the agreement' }))
    const dialog = await screen.findByRole('dialog', { name: 'Purchase and Sale Agreement, as saved' })
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeTruthy()
    expect(api.calls(`GET ${OFFER}/agreement`)).toHaveLength(1)
  })

  it('says to share first when withdrawing a draft', async () => {
    const user = userEvent.setup()
    await open(draft())
    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    expect(screen.getByRole('alert').textContent).toBe('Please share the offer with the seller before performing any other actions')
    expect(posts('withdraw')).toHaveLength(0)
  })

  it('withdraws an active offer once confirmed, and then shows it read-only', async () => {
    const user = userEvent.setup()
    await open(testOffer({ status: 'active', actions: ['withdraw'] }))
    await user.click(screen.getByRole('button', { name: 'Withdraw' }))
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this offer?' })
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(posts('withdraw')).toHaveLength(1))
    expect(await screen.findByText('Withdrawn')).toBeTruthy()
    expect(screen.queryByRole('spinbutton', { name: 'Purchase price' })).toBeNull()
  })

  it('lets the buyer acknowledge an accepted offer', async () => {
    const user = userEvent.setup()
    await open(testOffer({ status: 'accepted', actions: ['acknowledge', 'terminate'] }))
    api.on(`POST ${OFFER}/acknowledge`, () => {
      offer = { ...offer, actions: ['terminate'], bindingAgreementAt: '2031-03-01T15:00:00.000Z', deadlines: { bindingAgreementDate: '2031-03-01', earnestMoneyDue: '2031-03-04', inspectionPeriodEnds: '2031-03-11', closing: '2031-06-30' } }
      return reply({ offer })
    })
    await user.click(screen.getByRole('button', { name: 'Acknowledge acceptance' }))
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge the acceptance?' })
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge acceptance' }))
    const dates = await screen.findByRole('region', { name: 'Contract dates' })
    expect(dates.textContent).toContain('March 11, 2031')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Acknowledge acceptance' })).toBeNull())
  })
})
