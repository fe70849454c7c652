import type { User } from '@offerbook/domain/user'

/** A signed-in user as GET /api/me answers: Ben Buyer, onboarded, a buyer unless `overrides` say otherwise. */
export function userWith(overrides: Partial<User> = {}): User {
  return {
    uid: 'u1',
    name: 'Ben Buyer',
    email: 'ben@example.com',
    phone: null,
    photoURL: null,
    roles: ['BUYER_SIMPLE'],
    onboarded: true,
    zipcode: null,
    sellerAgentId: null,
    nrds: null,
    isAddListingEnabled: false,
    isPrincipalBroker: false,
    principalBrokerStatus: 'none',
    language: 'en-us',
    uiMode: 'buy',
    ...overrides,
  }
}
