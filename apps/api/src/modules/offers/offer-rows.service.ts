// The door other modules take to an offer's rows: the record, the documents, the seeds and the test
// factories read and write offers through here, never through offers.queries.ts. insertOfferEvent
// is the one writer of the offer record's ledger (decision 030); insertOfferEvents is the same for a batch.
export type { OfferEventInput, OfferEventRow, OfferListingRow, OfferRow } from './offers.queries'
export { findOffer, findOfferListing, insertOfferEvent, insertOfferEvents, listOfferEvents, lockOffer, updateOffer } from './offers.queries'
export type { OfferVersionRow } from './negotiation.queries'
export { findOfferVersion, listOfferVersions } from './negotiation.queries'
