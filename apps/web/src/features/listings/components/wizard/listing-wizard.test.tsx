import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ManagedListing } from '@offerbook/domain/listing'
import { initSession, saveSession } from '../../../../shared/session'
import { apiError, fakeApi, reply } from '../../../../test/fake-api'
import type { RouteConfig } from '../../../../test/render'
import { renderRoutes, useParams } from '../../../../test/render'
import { testDraft } from '../manage/test-listing'
import { ListingWizard } from './listing-wizard'

function WizardRoute() {
  const { step } = useParams()
  return <ListingWizard step={step} />
}

/** The wizard at its route, and any other page to leave to. */
const routes: RouteConfig[] = [
  { path: '/add-listing/new/:step', element: <WizardRoute /> },
  { path: '*', element: <p>Another page</p> },
]

const api = fakeApi()

beforeEach(() => {
  window.sessionStorage.clear()
  initSession()
  saveSession({ accessToken: 'tok', persist: false })
})

/** The bodies sent to a route. */
function calls(route: string): unknown[] {
  return api.calls(route).map((request) => request.body ?? null)
}

describe('the add-listing wizard', { timeout: 30_000 }, () => {
  it('sends an unknown step to pricing', async () => {
    const { router } = renderRoutes(routes, '/add-listing/new/somewhere')
    await waitFor(() => expect(router.state.location.pathname).toBe('/add-listing/new/pricing'), { timeout: 10_000 })
    expect(await screen.findByRole('heading', { name: 'Pricing' }, { timeout: 10_000 })).toBeTruthy()
  })

  it('needs a price before the first Next, corrects a price under the minimum, then creates the draft and goes on with its id', async () => {
    let created: ManagedListing | null = null
    api.on('POST /api/listings', ({ body }) => {
      created = testDraft(body as Partial<ManagedListing>)
      return reply({ listing: created }, 201)
    })
    api.on('GET /api/listings/L1', () => reply({ listing: created }))
    const { router } = renderRoutes(routes, '/add-listing/new/pricing')
    const price = await screen.findByRole('spinbutton', { name: /^List price/ }, { timeout: 10_000 })

    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Required', undefined, { timeout: 5_000 })).toBeTruthy()
    expect(calls('POST /api/listings')).toHaveLength(0)

    await userEvent.type(price, '500')
    await userEvent.tab()
    expect(await screen.findByText('Min of $1,000.00', undefined, { timeout: 5_000 })).toBeTruthy()
    await userEvent.clear(price)
    await userEvent.type(price, '425000')
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/add-listing/new/details'), { timeout: 5_000 })
    expect(router.state.location.search).toBe('?id=L1')
    expect(calls('POST /api/listings')).toEqual([{ ListPrice: 425000, draftStep: 'details' }])
    expect(await screen.findByRole('heading', { name: 'Property details' }, { timeout: 5_000 })).toBeTruthy()
    expect((screen.getByRole('textbox', { name: /^State/ }) as HTMLInputElement).value).toBe('TN')
  })

  it('asks to confirm a list price under $10,000, spelled out, before Next creates the draft', async () => {
    api.on('POST /api/listings', ({ body }) => reply({ listing: testDraft(body as Partial<ManagedListing>) }, 201))
    // The next step reads the draft just made.
    api.on('GET /api/listings/L1', reply({ listing: testDraft({ ListPrice: 4500, draftStep: 'details' }) }))
    const { router } = renderRoutes(routes, '/add-listing/new/pricing')
    const price = await screen.findByRole('spinbutton', { name: /^List price/ }, { timeout: 10_000 })
    await userEvent.type(price, '4500')
    const check = await screen.findByTestId('money-check-listPrice', undefined, { timeout: 5_000 })
    expect(check.textContent).toContain('This list price is under $10,000.')
    expect(check.textContent).toContain('You typed $4,500: four thousand five hundred dollars.')

    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Confirm the amount, or correct it', undefined, { timeout: 5_000 })).toBeTruthy()
    expect(calls('POST /api/listings')).toHaveLength(0)

    await userEvent.click(screen.getByRole('checkbox', { name: 'Yes, $4,500 is right' }))
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/add-listing/new/details'), { timeout: 5_000 })
    expect(calls('POST /api/listings')).toEqual([{ ListPrice: 4500, confirmedListPrice: 4500, draftStep: 'details' }])
  })

  it('checks a field when it is left, and does not move on while a field is wrong', async () => {
    api.on('GET /api/listings/L1', reply({ listing: testDraft({ ListPrice: 425000, draftStep: 'details' }) }))
    renderRoutes(routes, '/add-listing/new/details?id=L1')
    const zip = await screen.findByRole('textbox', { name: /^ZIP code/ }, { timeout: 10_000 })
    await userEvent.type(zip, '372')
    await userEvent.tab()
    expect(await screen.findByText('Enter a 5-digit ZIP code', undefined, { timeout: 5_000 })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(calls('PATCH /api/listings/L1')).toHaveLength(0)
  })

  it('saves the step with how far the draft got when going Back, and keeps what was entered', async () => {
    let saved = testDraft({ ListPrice: 425000, draftStep: 'agent' })
    api.on('GET /api/listings/L1', () => reply({ listing: saved }))
    api.on('PATCH /api/listings/L1', ({ body }) => {
      saved = { ...saved, ...(body as Partial<ManagedListing>) }
      return reply({ listing: saved })
    })
    const { router } = renderRoutes(routes, '/add-listing/new/details?id=L1')
    await userEvent.type(await screen.findByRole('textbox', { name: /^City/ }, { timeout: 10_000 }), 'Nashville')
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/add-listing/new/pricing'), { timeout: 5_000 })
    expect(calls('PATCH /api/listings/L1')[0]).toMatchObject({ City: 'Nashville', StateOrProvince: 'TN', draftStep: 'agent' })
    await router.navigate(-1)
    expect(((await screen.findByRole('textbox', { name: /^City/ }, { timeout: 5_000 })) as HTMLInputElement).value).toBe('Nashville')
  })

  it("takes the property's public record on the details step, and shows it on review once entered", async () => {
    let saved = testDraft({ ListPrice: 425000, draftStep: 'details' })
    api.on('GET /api/listings/L1', () => reply({ listing: saved }))
    api.on('PATCH /api/listings/L1', ({ body }) => {
      saved = { ...saved, ...(body as Partial<ManagedListing>) }
      return reply({ listing: saved })
    })
    const { router } = renderRoutes(routes, '/add-listing/new/details?id=L1')
    await userEvent.type(await screen.findByRole('textbox', { name: /^Tax parcel number/ }, { timeout: 10_000 }), '093 13 0 123.00')
    await userEvent.type(screen.getByRole('textbox', { name: /^Legal description/ }), 'Lot 12, Section 3,{enter}Magnolia Hills subdivision')
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/add-listing/new/pricing'), { timeout: 5_000 })
    expect(calls('PATCH /api/listings/L1')[0]).toMatchObject({ ParcelNumber: '093 13 0 123.00', TaxLegalDescription: 'Lot 12, Section 3,\nMagnolia Hills subdivision' })

    await router.navigate('/add-listing/new/review?id=L1')
    const details = await screen.findByRole('region', { name: 'Property details' }, { timeout: 10_000 })
    expect(within(details).getByText('Tax parcel number')).toBeTruthy()
    expect(within(details).getByText('093 13 0 123.00')).toBeTruthy()
    expect(within(details).getByText(/Magnolia Hills subdivision/)).toBeTruthy()
    // Left out: no line for it.
    expect(within(details).queryByText('Deed reference')).toBeNull()
  })

  it('warns before leaving a step with unsaved changes, and stays when asked to', async () => {
    api.on('GET /api/listings/L1', reply({ listing: testDraft({ ListPrice: 425000, draftStep: 'details' }) }))
    const { router } = renderRoutes(routes, '/add-listing/new/details?id=L1')
    await userEvent.type(await screen.findByRole('textbox', { name: /^City/ }, { timeout: 10_000 }), 'Memphis')

    void router.navigate('/dashboard')
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' }, { timeout: 5_000 })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/add-listing/new/details')
    expect((screen.getByRole('textbox', { name: /^City/ }) as HTMLInputElement).value).toBe('Memphis')

    void router.navigate('/dashboard')
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' }, { timeout: 5_000 })).getByRole('button', { name: 'Leave without saving' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5_000 })
    expect(calls('PATCH /api/listings/L1')).toHaveLength(0)
    // Left on purpose: nothing comes back next time.
    expect(window.sessionStorage.getItem('offerbook.listingWizard.L1')).toBeNull()
  })

  it('brings back what was typed and not saved after a reload, unsaved, and drops it on Discard', async () => {
    api.on('GET /api/listings/L1', reply({ listing: testDraft({ ListPrice: 425000, draftStep: 'details' }) }))
    const first = renderRoutes(routes, '/add-listing/new/details?id=L1')
    await userEvent.type(await screen.findByRole('textbox', { name: /^City/ }, { timeout: 10_000 }), 'Memphis')
    await waitFor(() => expect(JSON.parse(window.sessionStorage.getItem('offerbook.listingWizard.L1') ?? '{}')).toEqual({ City: 'Memphis' }))

    // A reload ends the page without unmounting it: the tab's storage keeps what unmounting would drop.
    const kept = window.sessionStorage.getItem('offerbook.listingWizard.L1')!
    first.unmount()
    expect(window.sessionStorage.getItem('offerbook.listingWizard.L1')).toBeNull()
    window.sessionStorage.setItem('offerbook.listingWizard.L1', kept)
    renderRoutes(routes, '/add-listing/new/details?id=L1')

    const city = (await screen.findByRole('textbox', { name: /^City/ }, { timeout: 10_000 })) as HTMLInputElement
    expect(city.value).toBe('Memphis')
    expect(screen.getByText('Your unsaved changes are back')).toBeTruthy()
    expect(calls('PATCH /api/listings/L1')).toHaveLength(0)

    // Still unsaved: leaving asks first.
    await userEvent.click(screen.getByRole('button', { name: 'Discard these changes' }))
    expect(city.value).toBe('')
    expect(screen.queryByText('Your unsaved changes are back')).toBeNull()
    await waitFor(() => expect(window.sessionStorage.getItem('offerbook.listingWizard.L1')).toBeNull())
  })

  it('keeps nothing from a stash that does not fit the fields', async () => {
    window.sessionStorage.setItem('offerbook.listingWizard.L1', JSON.stringify({ City: 12, BedroomsTotal: 'many', offerPreferences: ['cash'], Unknown: 'x' }))
    api.on('GET /api/listings/L1', reply({ listing: testDraft({ ListPrice: 425000, draftStep: 'details' }) }))
    renderRoutes(routes, '/add-listing/new/details?id=L1')
    const city = (await screen.findByRole('textbox', { name: /^City/ }, { timeout: 10_000 })) as HTMLInputElement
    expect(city.value).toBe('')
    expect(screen.queryByText('Your unsaved changes are back')).toBeNull()
  })

  it('says so when the draft does not exist, with a way to start a new listing', async () => {
    api.on('GET /api/listings/nope', apiError(404, 'listing.notFound'))
    renderRoutes(routes, '/add-listing/new/details?id=nope')
    expect(await screen.findByRole('heading', { name: 'Draft not found' }, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Start a new listing' }).getAttribute('href')).toBe('/add-listing/new/pricing')
  })

  it('lists on review what stops publishing, each with a link to its step', async () => {
    api.on('GET /api/listings/L1', reply({ listing: testDraft({ ListPrice: 425000, draftStep: 'review' }) }))
    renderRoutes(routes, '/add-listing/new/review?id=L1')
    const problems = await screen.findByRole('region', { name: 'Before you can publish' }, { timeout: 10_000 })
    expect(within(problems).getByText(/Photos: Add at least one photo before publishing\./)).toBeTruthy()
    expect(within(problems).getAllByRole('link', { name: 'Go to Photos' })[0]!.getAttribute('href')).toBe('/add-listing/new/photos?id=L1')
    expect((screen.getByRole('button', { name: 'Publish listing' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
