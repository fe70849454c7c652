import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { OfferView } from '@offerbook/domain/offer'
import type { CounterOffer, HighestBestRequest, HighestBestResult, OpenBestRequestAnswer } from '@offerbook/domain/offer-negotiation'
import { apiClient } from '../../../shared/api-client'
import { useSetOffer } from './offers'
import { offerKeys } from '../../../shared/query-keys'

/** Negotiation calls (decision 029): counter-offers, the answers to a counter, highest and best, the pre-approval's check. */

const path = (id: string) => `/offers/${encodeURIComponent(id)}`

export async function counterOffer(id: string, body: CounterOffer): Promise<OfferView> {
  return (await apiClient.post<{ offer: OfferView }>(`${path(id)}/counter`, body)).offer
}

/** The buyer side's answer to the counter-offer of `version`, the version it was looking at (decision 036). */
export async function answerCounter(id: string, answer: 'accept' | 'decline', version: number): Promise<OfferView> {
  return (await apiClient.post<{ offer: OfferView }>(`${path(id)}/counter/${answer}`, { version })).offer
}

export async function verifyPreApproval(id: string): Promise<OfferView> {
  return (await apiClient.post<{ offer: OfferView }>(`${path(id)}/pre-approval/verify`)).offer
}

export async function askHighestAndBest(listingId: string, body: HighestBestRequest): Promise<HighestBestResult> {
  return apiClient.post<HighestBestResult>(`/listings/${encodeURIComponent(listingId)}/highest-and-best`, body)
}

/** The seller side's highest-and-best request still open on the listing, with the offers that have answered (decision 038). */
export function openBestRequestQuery(listingId: string) {
  return queryOptions({
    queryKey: offerKeys.openBestRequest(listingId),
    queryFn: async () => (await apiClient.get<OpenBestRequestAnswer>(`/listings/${encodeURIComponent(listingId)}/highest-and-best`)).request,
    // Read again each time an answer is about to be given: an offer may have come in a moment ago.
    staleTime: 0,
  })
}

export function useCounterOffer(id: string) {
  const setOffer = useSetOffer()
  return useMutation({ mutationFn: (body: CounterOffer) => counterOffer(id, body), onSuccess: setOffer })
}

export function useAnswerCounter(id: string) {
  const setOffer = useSetOffer()
  return useMutation({ mutationFn: ({ answer, version }: { answer: 'accept' | 'decline'; version: number }) => answerCounter(id, answer, version), onSuccess: setOffer })
}

export function useVerifyPreApproval(id: string) {
  const setOffer = useSetOffer()
  return useMutation({ mutationFn: () => verifyPreApproval(id), onSuccess: setOffer })
}

export function useAskHighestAndBest(listingId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: HighestBestRequest) => askHighestAndBest(listingId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  })
}
