import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'

// The hash chain of offer_event (decision 030), shared by its one writer (insertOfferEvent in
// modules/offers) and its verifier (modules/offer-record).

/** The genesis: what the first row of a listing's chain names as its previous hash. */
export const LEDGER_GENESIS_HASH = '0'.repeat(64)

/** What a row's hash covers: offer_event_chain_input (migration 0014), one definition for the writer and the verifier. */
export const chainInputOf = (
  values: { previousHash: string | SQL; listingId: string | SQL; seq: number | SQL; id: string | SQL; offerId: string | SQL; type: string | SQL; actorId: string | null | SQL; actorName: string | null | SQL; fromStatus: string | null | SQL; toStatus: string | null | SQL; details: string | SQL; at: Date | SQL },
): SQL<string> =>
  sql<string>`offer_event_chain_input(${values.previousHash}::text, ${values.listingId}::uuid, ${values.seq}::integer, ${values.id}::uuid, ${values.offerId}::uuid, ${values.type}::text, ${values.actorId}::text, ${values.actorName}::text, ${values.fromStatus}::text, ${values.toStatus}::text, ${values.details}::jsonb, ${values.at}::timestamptz)`
