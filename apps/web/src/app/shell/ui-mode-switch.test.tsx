import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { UI_MODE_STORAGE_KEY } from '../../shared/ui-mode'
import { renderAt, renderRoutes } from '../../test/render'
import { accountApi, bodyOf, json } from '../routes/account-pages.test-helpers'
import { userWith } from '../../test/test-user'
import { AppLayout } from './app-layout'
import { UiModeSwitch } from './ui-mode-switch'

const api = accountApi()

afterEach(() => window.localStorage.removeItem(UI_MODE_STORAGE_KEY))

function renderShell() {
  return renderRoutes([{ element: <AppLayout />, children: [{ path: '/', element: <p>page</p> }] }], '/')
}

const radio = (group: HTMLElement, name: string) => within(group).getByRole<HTMLInputElement>('radio', { name })

const navLabels = () =>
  within(screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!)
    .getAllByRole('link')
    .map((link) => link.textContent)

describe('the header buy/sell switch', () => {
  it('is a labelled radio group, buy by default, kept in this browser when signed out', async () => {
    renderShell()
    const group = await screen.findByRole('radiogroup', { name: 'Buying or selling' })
    expect(radio(group, 'Buy').checked).toBe(true)
    await userEvent.click(within(group).getByRole('radio', { name: 'Sell' }))
    expect(radio(group, 'Sell').checked).toBe(true)
    expect(window.localStorage.getItem(UI_MODE_STORAGE_KEY)).toBe('sell')
    expect(api.calls('PUT /api/me/ui-mode')).toHaveLength(0)
  })

  it("shows the account's mode when signed in, saves a change there and reorders the navigation", async () => {
    api.signInAs(userWith({ roles: ['SELLER_AGENT'], uiMode: 'sell' }))
    api.handlers['PUT /api/me/ui-mode'] = (init) => json(200, { user: userWith({ roles: ['SELLER_AGENT'], ...(bodyOf(init) as object) }) })
    renderShell()
    const group = await screen.findByRole('radiogroup', { name: 'Buying or selling' })
    await waitFor(() => expect(radio(group, 'Sell').checked).toBe(true))
    await waitFor(() => expect(navLabels().slice(0, 4)).toEqual(['Home', 'Dashboard', 'My Listings', 'Add Listing']))
    await userEvent.click(within(group).getByRole('radio', { name: 'Buy' }))
    await waitFor(() => expect(bodyOf(api.calls('PUT /api/me/ui-mode')[0])).toEqual({ uiMode: 'buy' }))
    await waitFor(() => expect(navLabels().slice(0, 4)).toEqual(['Home', 'Dashboard', 'Homes for sale', 'My Offers']))
  })

  it("keeps each choice's name for screen readers, also where a phone shows icons", async () => {
    renderAt(<UiModeSwitch />)
    const group = await screen.findByRole('radiogroup', { name: 'Buying or selling' })
    await userEvent.click(within(group).getByRole('radio', { name: 'Sell' }))
    expect(radio(group, 'Sell').checked).toBe(true)
    expect(window.localStorage.getItem(UI_MODE_STORAGE_KEY)).toBe('sell')
  })
})
