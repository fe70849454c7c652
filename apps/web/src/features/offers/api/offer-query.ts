import { queryOptions } from '@tanstack/react-query'
import type { OfferView } from '@offerbook/domain/offer'
import { apiClient } from '../../../shared/api-client'
import { offerKeys, SEEDED_FRESH_MS } from '../../../shared/query-keys'

/**
 * One offer's query, apart from the rest of offers.ts: the frame asks it for the offer pages' first
 * screen beside /api/me (app/page-modules.ts, decision 076), and it takes nothing the frame lacks.
 */

/** One offer, as the buyer side, the seller side, or (with `token`) the holder of a share link sees it. */
export async function getOffer(id: string, token?: string | null): Promise<OfferView> {
  const { offer } = await apiClient.get<{ offer: OfferView }>(`/offers/${encodeURIComponent(id)}`, token ? { token } : undefined, { redirectOnUnauthorized: !token })
  return offer
}

export function offerQuery(id: string, token?: string | null) {
  return queryOptions({ queryKey: offerKeys.one(id, token), queryFn: () => getOffer(id, token), staleTime: SEEDED_FRESH_MS })
}
