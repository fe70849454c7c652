import type { User } from '@offerbook/domain/user'
import { LISTING_KINDS } from '@offerbook/domain/profile'

/** A signed-in user as GET /api/me answers: Ben Buyer, onboarded, a buyer unless `overrides` say otherwise. */
export function userWith(overrides: Partial<User> = {}): User {
  const roles = overrides.roles ?? ['BUYER_SIMPLE']
  return {
    uid: 'u1',
    name: 'Ben Buyer',
    email: 'ben@example.com',
    phone: null,
    photoURL: null,
    roles,
    key: 'b1f0c3a2-5d4e-4f6a-9b8c-7d6e5f4a3b2c',
    onboarded: true,
    zipcode: null,
    sellerAgentId: null,
    nrds: null,
    // As onboarding sets it: on for the kinds that may add listings.
    isAddListingEnabled: roles.some((role) => (LISTING_KINDS as readonly string[]).includes(role)),
    isPrincipalBroker: false,
    principalBrokerStatus: 'none',
    language: 'en-us',
    uiMode: 'buy',
    website: null,
    currency: 'USD',
    ...overrides,
  }
}
