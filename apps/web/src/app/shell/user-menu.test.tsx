import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Role } from '@offerbook/domain/roles'
import { renderAt } from '../../test/render'
import {  } from '../routes/account-pages.test-helpers'
import { userWith } from '../../test/test-user'
import UserMenu from './user-menu'

/** The account menu's entries, opened as a person would. */
async function menuEntriesOf(roles: Role[]): Promise<HTMLElement[]> {
  renderAt(<UserMenu user={userWith({ roles, name: 'Pat Broker' })} />)
  await userEvent.click(await screen.findByRole('button', { name: /Pat Broker/ }))
  return within(await screen.findByRole('menu')).findAllByRole('menuitem')
}

describe('the account menu', () => {
  it.each(['PRINCIPAL_BROKER', 'SELLER_AGENT', 'BUYER_AGENT'] as const)('leads a %s, who may lead a team, to /manageTeam', async (role) => {
    const manageTeam = (await menuEntriesOf([role])).find((entry) => entry.textContent === 'Manage team')
    expect(manageTeam?.getAttribute('href')).toBe('/manageTeam')
  })

  it.each(['PRINCIPAL_BROKER', 'SELLER_AGENT', 'BUYER_AGENT'] as const)('leads a %s, who may lead a team, to the files to review', async (role) => {
    const review = (await menuEntriesOf([role])).find((entry) => entry.textContent === 'Review')
    expect(review?.getAttribute('href')).toBe('/review')
  })

  it('does not offer Manage team to a buyer', async () => {
    const entries = (await menuEntriesOf(['BUYER_SIMPLE'])).map((entry) => entry.textContent)
    expect(entries).toEqual(['Profile', 'Notifications', 'Sign out'])
  })
})
