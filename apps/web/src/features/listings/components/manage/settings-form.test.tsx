import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, fakeApi } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { SettingsForm, settingsPatch, settingsValuesOf } from './settings-form'
import { testListing } from './test-listing'

// Nothing here may reach the API unless a case answers for it: the others are stopped by a rule or by the user.
const api = fakeApi()

const now = new Date('2030-06-01T12:00:00Z')

describe('settingsPatch', () => {
  const saved = settingsValuesOf(testListing())

  it('sends only what changed, so an unchanged status is never sent again', () => {
    expect(settingsPatch(saved, saved, now)).toEqual({ patch: {} })
    expect(settingsPatch(saved, { ...saved, visibility: 'private' }, now)).toEqual({ patch: { visibility: 'private' } })
    expect(settingsPatch(saved, { ...saved, status: 'Pending', notifyOwner: false }, now)).toEqual({
      patch: { StandardStatus: 'Pending', notify: { owner: false, listAgent: true, emails: [] } },
    })
  })

  it('refuses an offer deadline in the past with the domain message, and clears one set to empty', () => {
    expect(settingsPatch(saved, { ...saved, deadline: '2030-05-31 09:00' }, now)).toEqual({ errors: { deadline: { key: 'listing.offerDeadlinePast' } } })
    const withDeadline = { ...saved, deadline: '2030-07-01 17:00' }
    const set = settingsPatch(saved, withDeadline, now)
    // 5:00 PM on the property's clocks: Central daylight time, whatever the browser's zone.
    expect('patch' in set && set.patch.offerDeadline).toBe('2030-07-01T22:00:00.000Z')
    expect(settingsPatch(withDeadline, { ...withDeadline, deadline: '' }, now)).toEqual({ patch: { offerDeadline: null } })
  })

  it('refuses a bad e-mail and more than 10 addresses', () => {
    expect(settingsPatch(saved, { ...saved, emails: ['buyer@example.com', 'not-an-email'] }, now)).toEqual({ errors: { emails: { key: 'common.invalidEmail' } } })
    const eleven = Array.from({ length: 11 }, (_, index) => `person${index}@example.com`)
    expect(settingsPatch(saved, { ...saved, emails: eleven }, now)).toEqual({ errors: { emails: { key: 'listing.notifyEmails', params: { maximum: 10 } } } })
  })
})

describe('SettingsForm', () => {
  it('offers only the statuses an active listing may move to', () => {
    renderAt(<SettingsForm listing={testListing()} />)
    const select = screen.getByLabelText('Listing status')
    const offered = within(select).getAllByRole('option').map((option) => option.textContent)
    expect(offered).toEqual(['Active', 'Active under contract', 'Pending', 'On hold', 'Withdrawn', 'Canceled', 'Expired', 'Closed'])
  })

  it('does not let a closed listing change status', () => {
    renderAt(<SettingsForm listing={testListing({ StandardStatus: 'Closed' })} />)
    expect(screen.getByLabelText('Listing status')).toHaveProperty('disabled', true)
    expect(screen.getByText('A closed listing is final: its status cannot change.')).toBeTruthy()
  })

  it('asks before withdrawing the listing, and changes nothing when the user cancels', async () => {
    renderAt(<SettingsForm listing={testListing()} />)
    await userEvent.selectOptions(screen.getByLabelText('Listing status'), 'Withdrawn')
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }))

    const dialog = await screen.findByRole('dialog', { name: 'Set this listing to Withdrawn?' })
    expect(within(dialog).getByRole('button', { name: 'Set to Withdrawn' })).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.calls()).toHaveLength(0)
    expect(screen.getByLabelText<HTMLSelectElement>('Listing status').value).toBe('Withdrawn')
  })

  it('names each bad e-mail address as it is entered, and saves nothing', async () => {
    renderAt(<SettingsForm listing={testListing()} />)
    await userEvent.type(screen.getByRole('combobox', { name: 'Other e-mail addresses' }), 'buyer@example.com,nobody@,')
    expect(await screen.findByText('Invalid email: nobody@')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(screen.getByText('Please correct the highlighted fields.')).toBeTruthy()
    expect(api.calls()).toHaveLength(0)
  })

  it('says so when there is nothing to save', async () => {
    renderAt(<SettingsForm listing={testListing()} />)
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('There are no changes to save.')).toBeTruthy()
    expect(api.calls()).toHaveLength(0)
  })
  it('shows the API refusal of the addresses under their field, and clears it when they change', async () => {
    api.on('PATCH /api/listings/:id/settings', apiError(400, 'listing.notifyEmails', { params: { maximum: 10 }, fields: ['notify.emails'] }))
    renderAt(<SettingsForm listing={testListing()} />)
    const emails = screen.getByRole('combobox', { name: 'Other e-mail addresses' })
    await userEvent.type(emails, 'buyer@example.com,')
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    await waitFor(() => expect(emails.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getAllByText('Up to 10 e-mail addresses').length).toBeGreaterThan(0)
    expect(screen.getByText('Please correct the highlighted fields.')).toBeTruthy()
    expect(api.calls()).toHaveLength(1)

    await userEvent.type(emails, 'seller@example.com,')
    await waitFor(() => expect(emails.getAttribute('aria-invalid')).not.toBe('true'))
    expect(screen.queryByText('Please correct the highlighted fields.')).toBeNull()
  })
})
