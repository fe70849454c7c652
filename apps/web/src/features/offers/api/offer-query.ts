import type { QueryClient } from '@tanstack/react-query'
import { queryOptions } from '@tanstack/react-query'
import type { OfferSummary, OfferView } from '@offerbook/domain/offer'
import type { OptimizeResult } from '@offerbook/domain/offer-scoring'
import type { RequestOptions } from '../../../shared/api-client'
import { apiClient } from '../../../shared/api-client'
import { offerKeys, screenKeys, SEEDED_FRESH_MS } from '../../../shared/query-keys'

/**
 * One offer's query and the optimize page's one answer, apart from the rest of offers.ts: the frame asks it for the offer pages' first
 * screen beside /api/me (app/page-modules.ts, decision 076), and it takes nothing the frame lacks.
 */

/** One offer, as the buyer side, the seller side, or (with `token`) the holder of a share link sees it. */
export async function getOffer(id: string, token?: string | null, options: RequestOptions = {}): Promise<OfferView> {
  const { offer } = await apiClient.get<{ offer: OfferView }>(`/offers/${encodeURIComponent(id)}`, token ? { token } : undefined, { redirectOnUnauthorized: !token, ...options })
  return offer
}

export function offerQuery(id: string, token?: string | null, options?: RequestOptions) {
  return queryOptions({ queryKey: offerKeys.one(id, token), queryFn: () => getOffer(id, token, options), staleTime: SEEDED_FRESH_MS })
}

/** GET /api/listings/{id}/optimize/screen: the optimize page's first screen in one answer. */
export type OptimizeScreen = { optimize: OptimizeResult; offers: { items: OfferSummary[] } }

/** The optimize page's one answer, written into optimizeQuery's and listingOffersQuery's keys (decision 076). */
export function optimizeScreenQuery(queryClient: QueryClient, listingId: string, options?: RequestOptions) {
  return queryOptions({
    queryKey: screenKeys.optimize(listingId),
    queryFn: async () => {
      const screen = await apiClient.get<OptimizeScreen>(`/listings/${encodeURIComponent(listingId)}/optimize/screen`, undefined, options)
      queryClient.setQueryData(offerKeys.optimize(listingId), screen.optimize)
      queryClient.setQueryData(offerKeys.ofListing(listingId), screen.offers.items)
      return screen
    },
    staleTime: SEEDED_FRESH_MS,
    // Not tried again: a failed one answer leaves the page's parts to ask on their own, with their own Retry.
    retry: false,
  })
}
