import { describe, expect, it } from 'vitest'
import { canChangeListingStatus, STANDARD_STATUSES } from '@offerbook/domain/listing'
import { needsConfirmation, STATUS_GROUPS, statusOptions } from './status-options'

describe('statusOptions', () => {
  it('offers an active listing its own status first, then those it may move to', () => {
    expect(statusOptions('Active')).toEqual(['Active', 'ActiveUnderContract', 'Pending', 'Hold', 'Withdrawn', 'Canceled', 'Expired', 'Closed'])
  })

  it('offers only statuses the domain allows from the current one', () => {
    for (const from of STANDARD_STATUSES) {
      const [current, ...others] = statusOptions(from)
      expect(current).toBe(from)
      for (const to of others) expect(canChangeListingStatus(from, to), `${from} -> ${to}`).toBe(true)
    }
  })

  it('offers a withdrawn listing to come back or be canceled, never to close', () => {
    expect(statusOptions('Withdrawn')).toEqual(['Withdrawn', 'Active', 'Canceled'])
  })

  it('leaves a closed listing only its own status', () => {
    expect(statusOptions('Closed')).toEqual(['Closed'])
  })

  it('offers a draft to be published as Active or Coming soon', () => {
    expect(statusOptions('Incomplete')).toEqual(['Incomplete', 'Active', 'ComingSoon'])
  })
})

describe('needsConfirmation', () => {
  it('asks before withdrawing, canceling or closing, and not otherwise', () => {
    expect(needsConfirmation('Active', 'Withdrawn')).toBe(true)
    expect(needsConfirmation('Active', 'Canceled')).toBe(true)
    expect(needsConfirmation('Pending', 'Closed')).toBe(true)
    expect(needsConfirmation('Active', 'Pending')).toBe(false)
    expect(needsConfirmation('Withdrawn', 'Active')).toBe(false)
    expect(needsConfirmation('Withdrawn', 'Withdrawn')).toBe(false)
  })
})

describe('STATUS_GROUPS', () => {
  it('puts every status a listing can have in exactly one tab besides All', () => {
    const grouped = Object.values(STATUS_GROUPS).flatMap((statuses) => statuses ?? [])
    const real = STANDARD_STATUSES.filter((status) => status !== 'Delete')
    expect([...grouped].sort()).toEqual([...real].sort())
  })
})
