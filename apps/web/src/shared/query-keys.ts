import type { OfferTab } from '@offerbook/domain/offer-status'

/**
 * The query keys of what the features cache and the live events refresh (shared/live): one factory
 * per area, used by the features' queries and invalidations and by live-events.tsx alike, so a key
 * renamed here is renamed everywhere and a key spelt differently is a type error. A prefix
 * (`all`, `mineAll`, `oneAnyToken`...) invalidates every key built under it.
 */

export const offerKeys = {
  all: ['offers'] as const,
  /** One offer under every share-link token it is cached with. */
  oneAnyToken: (id: string) => ['offers', 'one', id] as const,
  one: (id: string, token?: string | null) => ['offers', 'one', id, token ?? null] as const,
  /** The buyer side's lists, every tab and page. */
  mineAll: () => ['offers', 'mine'] as const,
  mine: (tab: OfferTab, page: number) => ['offers', 'mine', tab, page] as const,
  /** Under 'mine', so that whatever refreshes the buyer's lists refreshes it too. */
  mineOn: (listingId: string) => ['offers', 'mine', 'listing', listingId] as const,
  ofListing: (listingId: string) => ['offers', 'listing', listingId] as const,
  optimize: (listingId: string) => ['offers', 'optimize', listingId] as const,
  openBestRequest: (listingId: string) => ['offers', 'open-best-request', listingId] as const,
  /** The contract timeline of an accepted offer; under 'offers', so that whatever refreshes the offers refreshes it too. */
  timeline: (id: string) => ['offers', 'timeline', id] as const,
  /** The contract's amendments and repair proposals (decision 066); under 'offers' too. */
  amendments: (id: string) => ['offers', 'amendments', id] as const,
  /** The contract's notices (decision 065), under 'offers' as the timeline is. */
  notices: (id: string) => ['offers', 'notices', id] as const,
  /** A side's brokerage file (issue #35), under 'offers' too: what refreshes the offer refreshes its file. */
  file: (id: string, side: 'listing' | 'buyer') => ['offers', 'file', id, side] as const,
  files: () => ['offers', 'file'] as const,
}

/** The broker's review page (issue #35): the queue by filter and page, and the brokerage's file rules. */
export const reviewKeys = {
  all: ['review'] as const,
  queueAll: () => ['review', 'queue'] as const,
  queue: (state: string, page: number) => ['review', 'queue', state, page] as const,
  rules: () => ['review', 'rules'] as const,
}

export const signingKeys = {
  all: ['signing'] as const,
  offer: (offerId: string) => ['signing', 'offer', offerId] as const,
  packet: (packetId: string) => ['signing', 'packet', packetId] as const,
}

export const notificationKeys = {
  all: ['notifications'] as const,
  page: <Filter extends string>(filter: Filter, page: number) => ['notifications', filter, page] as const,
}

export const chatKeys = {
  all: ['chat'] as const,
  /** Every list of conversations, the caller's and a guest's. */
  conversationsAll: () => ['chat', 'conversations'] as const,
  /** Signed in: the caller's conversations; a guest: the one conversation, by its id. */
  conversations: (guestId?: string) => ['chat', 'conversations', guestId ?? 'mine'] as const,
  messages: (conversationId: string) => ['chat', 'messages', conversationId] as const,
}

export const listingKeys = {
  all: ['listings'] as const,
  managed: (id: string) => ['listings', 'managed', id] as const,
  /** The caller's listings: the lists (with their parameters) and the unfinished drafts. */
  mine: () => ['listings', 'mine'] as const,
  drafts: () => ['listings', 'mine', 'drafts'] as const,
  myList: <Params extends object>(params: Params) => ['listings', 'mine', params] as const,
}

/** Under 'team' so the live event team.changed refreshes all of it. */
export const teamKeys = {
  all: ['team'] as const,
  mine: () => ['team', 'mine'] as const,
  /** A principal broker's read of the agents' contracts (decision 067): a member joining or leaving changes it. */
  brokerContracts: (page: number) => ['team', 'broker-contracts', page] as const,
  // Not under 'team': accepting refreshes the team, and the page must keep showing the welcome, not the link now used.
  preview: (token: string) => ['team-invitation', token] as const,
}

/** The admin area's background jobs (decision 045). */
export const adminJobKeys = {
  all: ['admin', 'jobs'] as const,
}

/** The admin area's document seal page (issue #32). */
export const adminWebhookKeys = {
  settings: ['admin', 'settings', 'webhooks'] as const,
}

export const adminSealingKeys = {
  all: ['admin', 'sealing'] as const,
}

/**
 * A screen's one answer (decision 076): what a signed-in page's first screen needs, asked once and
 * written into the keys the page's parts read. Not under their areas' keys: a live event refreshes
 * the parts' own queries, never the whole screen again.
 */
export const screenKeys = {
  all: ['screens'] as const,
  myListings: <Params extends object>(params: Params) => ['screens', 'my-listings', params] as const,
  optimize: (listingId: string) => ['screens', 'optimize', listingId] as const,
}

/**
 * How long an answer written from a screen's one answer (or prefetched for the page) counts as fresh:
 * the page's parts that mount right after it read it without asking again. A live event or a change
 * invalidates it at once as before.
 */
export const SEEDED_FRESH_MS = 10_000
