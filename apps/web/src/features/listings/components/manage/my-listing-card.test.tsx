import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '../../../../test/render'
import { MyListingCard } from './my-listing-card'
import { testSummary } from './test-listing'

describe('MyListingCard', () => {
  it('shows a published listing with its price, status, visibility, deadline countdown and a Manage link', () => {
    renderAt(<MyListingCard listing={testSummary({ offerDeadline: new Date(Date.now() + 3 * 86_400_000).toISOString(), primaryPhotoURL: '/api/files/photo-1' })} />)
    const card = screen.getByRole('article', { name: '120 Maple Ave, Franklin, TN 37064' })
    expect(card.textContent).toContain('$450,000')
    expect(card.textContent).toContain('Active')
    expect(card.textContent).toContain('Public: found by search')
    expect(screen.getByRole('timer').textContent).toMatch(/^Expires in/)
    expect(screen.getByRole('img', { name: 'Photo of 120 Maple Ave, Franklin, TN 37064' }).getAttribute('src')).toBe('/api/files/photo-1')
    expect(screen.getByRole('link', { name: 'Manage 120 Maple Ave, Franklin, TN 37064' }).getAttribute('href')).toBe('/my-properties/listing-1/edit-listing')
    expect(screen.queryByRole('link', { name: /Continue/ })).toBeNull()
  })

  it('marks a draft with Continue to the wizard step it was left on, and shows the no-photo state', () => {
    renderAt(<MyListingCard listing={testSummary({ StandardStatus: 'Incomplete', draftStep: 'photos', ListPrice: null, UnparsedAddress: '' })} />)
    expect(screen.getByRole('heading', { name: 'Address not entered yet' })).toBeTruthy()
    expect(screen.getByText('Draft')).toBeTruthy()
    expect(screen.getByText('No photo yet')).toBeTruthy()
    expect(screen.getByText('No price yet')).toBeTruthy()
    // A draft is found by no search, whatever its visibility setting says.
    expect(screen.getByText('Not published: no one else sees it yet')).toBeTruthy()
    expect(screen.queryByText('Public: found by search')).toBeNull()
    expect(screen.getByRole('link', { name: 'Continue the draft Address not entered yet' }).getAttribute('href')).toBe('/add-listing/new/photos?id=listing-1')
  })

  it("marks a listing that comes through a team 'Team' with the leader's name, and an own listing not at all", () => {
    const { unmount } = renderAt(<MyListingCard listing={testSummary({ team: { leaderName: 'Lena Listing' } })} />)
    expect(screen.getByText('Team')).toBeTruthy()
    expect(screen.getByText('Through the team of Lena Listing')).toBeTruthy()
    unmount()
    renderAt(<MyListingCard listing={testSummary({ team: null })} />)
    expect(screen.queryByText('Team')).toBeNull()
  })

  it("marks a listing read through a brokerage as read only, with the principal broker's name", () => {
    renderAt(<MyListingCard listing={testSummary({ team: { leaderName: 'Pat Broker', readOnly: true } })} />)
    expect(screen.getByText('Team')).toBeTruthy()
    expect(screen.getByText('Read only, through the brokerage of Pat Broker')).toBeTruthy()
  })
})
