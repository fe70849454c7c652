/** Where the seller side's offer pages live (route table: /my-properties/{id}/…). */

const property = (listingId: string) => `/my-properties/${encodeURIComponent(listingId)}`

/** An offer's own page, where a reader who may not answer it (a brokerage's staff, a team) opens it read-only. */
export function readOnlyOfferPath(listingId: string, offerId: string): string {
  return `/property/${encodeURIComponent(listingId)}/offers/${encodeURIComponent(offerId)}`
}

export function sellerOfferPath(listingId: string, offerId: string): string {
  return `${property(listingId)}/offers/${encodeURIComponent(offerId)}`
}

/** The accept dialog has a route of its own (spec: /my-properties/{id}/accept-offer-popup). */
export function acceptOfferPath(listingId: string, offerId: string): string {
  return `${property(listingId)}/accept-offer-popup?offer=${encodeURIComponent(offerId)}`
}

export function optimizePath(listingId: string): string {
  return `${property(listingId)}/optimize`
}

export function weightingPath(listingId: string): string {
  return `${property(listingId)}/weighting`
}

export function manageListingPath(listingId: string): string {
  return `${property(listingId)}/edit-listing`
}
