import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { initSession, saveSession } from '../../../shared/session'
import type { FakeAnswer } from '../../../test/fake-api'
import { apiError, fakeApi, reply } from '../../../test/fake-api'
import { renderRoutes } from '../../../test/render'
import { ListingEditForm } from './listing-edit-form'
import { testListing } from './manage/test-listing'

const published = testListing({
  id: 'L9',
  ListingKey: 'OB-L9',
  UnparsedAddress: '12 Main St, Franklin, TN 37064',
  ListPrice: 510000,
  StreetNumber: '12',
  StreetName: 'Main',
  StreetSuffix: 'St',
  CountyOrParish: 'Williamson',
  BedroomsTotal: 4,
  BathroomsTotalInteger: 3,
  LivingArea: 2400,
  LotSizeAcres: 0.4,
  YearBuilt: 2004,
  PublicRemarks: 'Close to the square.',
  ListAgentEmail: 'lena@example.com',
  ownerId: 'u1',
  listAgentUserId: null,
})

const api = fakeApi()
let patchAnswer: (body: Record<string, unknown>) => FakeAnswer

beforeEach(() => {
  initSession()
  saveSession({ accessToken: 'tok', persist: false })
  patchAnswer = (body) => reply({ listing: { ...published, ...body } })
  api.on('PATCH /api/listings/L9', ({ body }) => patchAnswer(body as Record<string, unknown>))
})

const patches = () => api.calls().filter((request) => request.method === 'PATCH').map((request) => request.body)

function renderForm() {
  return renderRoutes([{ path: '*', element: <ListingEditForm listing={published} /> }], '/my-properties/L9/edit-listing')
}

// A page of fields renders slowly in jsdom.
describe('ListingEditForm', { timeout: 30_000 }, () => {
  it('sends only the fields that changed, and says when there is nothing to save', async () => {
    renderForm()
    const form = screen.getByRole('form', { name: 'Edit listing' })
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('There are no changes to save')).toBeTruthy()
    expect(patches()).toHaveLength(0)

    const city = within(form).getByRole('textbox', { name: /^City/ })
    await userEvent.clear(city)
    await userEvent.type(city, 'Brentwood')
    expect(within(form).getByText('1 field has unsaved changes')).toBeTruthy()
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('The listing was saved')).toBeTruthy()
    expect(patches()).toEqual([{ City: 'Brentwood' }])
    await waitFor(() => expect(within(form).getByText('All changes are saved')).toBeTruthy())
  })

  it('asks to confirm a new list price over $20,000,000 before the save, and sends the figure confirmed', async () => {
    renderForm()
    const form = screen.getByRole('form', { name: 'Edit listing' })
    const price = within(form).getByRole('spinbutton', { name: /^List price/ })
    await userEvent.clear(price)
    await userEvent.type(price, '51000000')
    const check = await screen.findByTestId('money-check-listPrice', undefined, { timeout: 5_000 })
    expect(check.textContent).toContain('You typed $51,000,000: fifty-one million dollars.')
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Confirm the amount, or correct it')).toBeTruthy()
    expect(patches()).toHaveLength(0)

    await userEvent.click(screen.getByRole('checkbox', { name: 'Yes, $51,000,000 is right' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('The listing was saved')).toBeTruthy()
    expect(patches()).toEqual([{ ListPrice: 51_000_000, confirmedListPrice: 51_000_000 }])
  })

  it('keeps what publishing needs on a published listing', async () => {
    renderForm()
    const form = screen.getByRole('form', { name: 'Edit listing' })
    await userEvent.clear(within(form).getByRole('textbox', { name: /^Street name/ }))
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }))
    expect(await within(form).findByText('Required')).toBeTruthy()
    expect(patches()).toHaveLength(0)
  })

  it('shows the API’s field errors next to their fields', async () => {
    patchAnswer = () => apiError(400, 'listing.zipCode', { fields: ['PostalCode'] })
    renderForm()
    const form = screen.getByRole('form', { name: 'Edit listing' })
    const zip = within(form).getByRole('textbox', { name: /^ZIP code/ })
    await userEvent.clear(zip)
    await userEvent.type(zip, '37067')
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }))

    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('true'))
    expect(within(form).getByText('Enter a 5-digit ZIP code')).toBeTruthy()
    expect(within(form).getByText('1 field has unsaved changes')).toBeTruthy()
  })
})
