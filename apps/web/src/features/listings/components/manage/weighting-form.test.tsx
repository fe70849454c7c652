import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { OFFER_WEIGHT_CRITERIA } from '@offerbook/domain/listing'
import { fakeApi } from '../../../../test/fake-api'
import { renderAt, renderRoutes } from '../../../../test/render'
import { testListing } from './test-listing'
import { WeightingForm } from './weighting-form'

// Nothing here may reach the API: every case is stopped before it by a rule, and no route is declared.
const api = fakeApi()

const slider = (name: string) => screen.getByRole('slider', { name })

describe('WeightingForm', () => {
  it('shows a labelled slider for every criterion with its weight and share of the score', () => {
    renderAt(<WeightingForm listing={testListing()} />)
    expect(screen.getAllByRole('slider')).toHaveLength(OFFER_WEIGHT_CRITERIA.length)
    expect(slider('Net to seller').getAttribute('aria-valuenow')).toBe('10')
    expect(slider('Net to seller').getAttribute('aria-valuetext')).toBe('10 of 10, 19% of the score')
    expect(slider('Shorter inspection period').getAttribute('aria-valuetext')).toBe('3 of 10, 6% of the score')
    expect(screen.getByText(/Offers you receive on this listing are ranked with these weights/)).toBeTruthy()
  })

  it('moves a weight with the keyboard and recomputes every share', () => {
    renderAt(<WeightingForm listing={testListing({ weighting: { ...testListing().weighting, weights: { netToSeller: 5, earnestMoney: 5, financingCertainty: 0, downPayment: 0, contingencies: 0, inspectionPeriod: 0, closingDateFit: 0, concessions: 0, preApproval: 0, escalation: 0 } } })} />)
    expect(slider('Net to seller').getAttribute('aria-valuetext')).toBe('5 of 10, 50% of the score')
    slider('Earnest money').focus()
    fireEvent.keyDown(slider('Earnest money'), { key: 'End' })
    expect(slider('Earnest money').getAttribute('aria-valuetext')).toBe('10 of 10, 67% of the score')
    expect(slider('Net to seller').getAttribute('aria-valuetext')).toBe('5 of 10, 33% of the score')
  })

  it('warns when every weight is 0 and resets to the default weights', async () => {
    const zero = Object.fromEntries(OFFER_WEIGHT_CRITERIA.map((criterion) => [criterion, 0])) as Record<(typeof OFFER_WEIGHT_CRITERIA)[number], number>
    renderAt(<WeightingForm listing={testListing({ weighting: { ...testListing().weighting, weights: zero } })} />)
    expect(screen.getByText(/Every weight is 0, so offers cannot be ranked/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }))
    expect(screen.queryByText(/Every weight is 0/)).toBeNull()
    expect(slider('Net to seller').getAttribute('aria-valuenow')).toBe('10')
    expect(slider('Financing certainty').getAttribute('aria-valuenow')).toBe('7')
  })

  it('refuses a commission above 10% with the domain message and saves nothing', async () => {
    renderAt(<WeightingForm listing={testListing()} />)
    const commission = screen.getByLabelText("Seller's commission (%)")
    await userEvent.clear(commission)
    await userEvent.type(commission, '12')
    await userEvent.click(screen.getByRole('button', { name: 'Save weights' }))
    expect(await screen.findByText('Commission must be between 0% and 10%')).toBeTruthy()
    expect(screen.getByRole('alert', { name: '' }).textContent).toBe('Please correct the highlighted fields.')
    expect(api.calls()).toHaveLength(0)
  })

  it('asks before leaving with unsaved weights: Stay keeps them, Leave goes on', async () => {
    const { router } = renderRoutes(
      [
        { path: '/my-properties/:id/weighting', element: <WeightingForm listing={testListing()} /> },
        { path: '/my-properties/:id/settings', element: <p>Settings tab</p> },
      ],
      '/my-properties/listing-1/weighting',
    )
    fireEvent.keyDown(slider('Net to seller'), { key: 'Home' })
    await act(() => router.navigate('/my-properties/listing-1/settings'))

    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay on this tab' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/my-properties/listing-1/weighting')
    expect(slider('Net to seller').getAttribute('aria-valuenow')).toBe('0')

    await act(() => router.navigate('/my-properties/listing-1/settings'))
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave without saving' }))
    expect(await screen.findByText('Settings tab')).toBeTruthy()
  })

  it('leaves at once when nothing was changed', async () => {
    const { router } = renderRoutes(
      [
        { path: '/my-properties/:id/weighting', element: <WeightingForm listing={testListing()} /> },
        { path: '/my-properties/:id/settings', element: <p>Settings tab</p> },
      ],
      '/my-properties/listing-1/weighting',
    )
    await act(() => router.navigate('/my-properties/listing-1/settings'))
    expect(await screen.findByText('Settings tab')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
