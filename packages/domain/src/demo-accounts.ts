import type { Role } from './roles'

/** One demo account per role, seeded on the embedded default or with SEED_DEMO=true, never in production. */
export const DEMO_PASSWORD = 'offerbook-demo'

export type DemoAccount = { email: string; name: string; roles: readonly Role[] }

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'seller-simple@example.com', name: 'Sam Seller', roles: ['SELLER_SIMPLE'] },
  { email: 'seller-owner@example.com', name: 'Olivia Owner', roles: ['SELLER_OWNER'] },
  { email: 'seller-agent@example.com', name: 'Lena Listing', roles: ['SELLER_AGENT'] },
  { email: 'buyer-simple@example.com', name: 'Ben Buyer', roles: ['BUYER_SIMPLE'] },
  { email: 'buyer-agent@example.com', name: 'Alex Agent', roles: ['BUYER_AGENT'] },
  { email: 'principal-broker@example.com', name: 'Pat Broker', roles: ['PRINCIPAL_BROKER'] },
  { email: 'admin@example.com', name: 'Ada Admin', roles: ['ADMIN'] },
  { email: 'super-admin@example.com', name: 'Sue Super', roles: ['SUPER_ADMIN'] },
]
