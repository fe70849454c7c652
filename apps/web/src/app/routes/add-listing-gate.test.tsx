import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '../../test/render'
import { userWith } from '../../test/test-user'
import { appRoutes } from '../router'
import { accountApi, preloadPages } from './account-pages.test-helpers'

const api = accountApi()
preloadPages('add-listing', 'add-listing-new-step', 'add-listing-import-step')

describe('adding listings turned off (isAddListingEnabled false)', () => {
  it.each(['/add-listing', '/add-listing/new/pricing', '/add-listing/import/list'])('%s says so and leads to My Listings instead of a wizard', async (path) => {
    api.signInAs(userWith({ roles: ['SELLER_AGENT'], isAddListingEnabled: false }))
    renderRoutes(appRoutes(), path)
    expect(await screen.findByRole('heading', { name: 'Adding listings is turned off' })).toBeTruthy()
    expect(screen.getByText('Adding listings is turned off for your account. Ask an administrator to turn it on')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to My Listings' }).getAttribute('href')).toBe('/my-properties/list')
    expect(screen.queryByRole('button', { name: /next|continue|start/i })).toBeNull()
  })
})
