import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AcceptOffer, MyOffersPage, OfferAttachment, OfferAttachmentKind, OfferSummary, OfferTerms, OfferView, SendRevision, ShareOffer } from '@offerbook/domain/offer'
import { OFFER_LIMITS } from '@offerbook/domain/offer-values'
import type { OfferAction, OfferTab } from '@offerbook/domain/offer-status'
import { BUYER_OPEN_OFFER_STATUSES } from '@offerbook/domain/offer-status'
import type { OptimizeResult } from '@offerbook/domain/offer-scoring'
import { apiClient } from '../../../shared/api-client'
import { offerKeys, SEEDED_FRESH_MS } from '../../../shared/query-keys'

/** Every call about offers: the buyer's editor and list, the seller's view, the share link, the ranking. */


const path = (id: string) => `/offers/${encodeURIComponent(id)}`

/** Starts a draft on a listing; its terms are prefilled from the listing and the user's profile. */
export async function createOffer(listingId: string): Promise<OfferView> {
  const { offer } = await apiClient.post<{ offer: OfferView }>('/offers', { listingId })
  return offer
}

import { offerQuery } from './offer-query'

export { getOffer, offerQuery, optimizeScreenQuery } from './offer-query'
export type { OptimizeScreen } from './offer-query'

export function useOffer(id: string, token?: string | null) {
  return useQuery(offerQuery(id, token))
}

export async function saveOffer(id: string, terms: OfferTerms): Promise<OfferView> {
  const { offer } = await apiClient.patch<{ offer: OfferView }>(path(id), { terms })
  return offer
}

/** Deletes a draft (a shared offer is withdrawn instead). */
export async function deleteOfferDraft(id: string): Promise<void> {
  await apiClient.delete(path(id))
}

/** The actions that take no body: share, withdraw, decline, acknowledge, close, terminate. */
export type SimpleOfferAction = Extract<OfferAction, 'share' | 'withdraw' | 'decline' | 'acknowledge' | 'terminate'>

/** `version`: the version answered, which decline names (decision 036); `reason`: why it is declined, if said. */
export async function actOnOffer(id: string, action: SimpleOfferAction, version?: number, reason?: string): Promise<OfferView> {
  const body = version === undefined ? undefined : { version, ...(reason ? { reason } : {}) }
  const { offer } = await apiClient.post<{ offer: OfferView }>(`${path(id)}/${action}`, body)
  return offer
}

/** Sends the buyer side's revision of a shared offer, built on `version` (decision 036). */
export async function sendRevision(id: string, body: SendRevision): Promise<OfferView> {
  const { offer } = await apiClient.post<{ offer: OfferView }>(`${path(id)}/revisions`, body)
  return offer
}

/** POST /share with the sums out of bounds the buyer side confirmed (decision 037). */
export async function shareOffer(id: string, body: ShareOffer): Promise<OfferView> {
  const { offer } = await apiClient.post<{ offer: OfferView }>(`${path(id)}/share`, body)
  return offer
}

export async function acceptOffer(id: string, body: AcceptOffer): Promise<OfferView> {
  const { offer } = await apiClient.post<{ offer: OfferView }>(`${path(id)}/accept`, body)
  return offer
}

export async function listMyOffers(tab: OfferTab, page: number): Promise<MyOffersPage> {
  return apiClient.get<MyOffersPage>('/offers/mine', { tab, page })
}

/** The buyer's own offer still in play on one listing (draft, shared or accepted), the last changed; null when none. */
export async function getMyOpenOfferOn(listingId: string): Promise<OfferSummary | null> {
  const { items } = await apiClient.get<MyOffersPage>('/offers/mine', { listingId, pageSize: OFFER_LIMITS.maxPageSize })
  return items.find((item) => !item.team && BUYER_OPEN_OFFER_STATUSES.includes(item.status)) ?? null
}

export function myOpenOfferOnQuery(listingId: string) {
  return queryOptions({ queryKey: offerKeys.mineOn(listingId), queryFn: () => getMyOpenOfferOn(listingId) })
}

export function myOffersQuery(tab: OfferTab, page: number) {
  return queryOptions({ queryKey: offerKeys.mine(tab, page), queryFn: () => listMyOffers(tab, page) })
}

/** The shared offers on one of the seller's listings, newest first. */
export async function listListingOffers(listingId: string): Promise<OfferSummary[]> {
  const { items } = await apiClient.get<{ items: OfferSummary[] }>(`/listings/${encodeURIComponent(listingId)}/offers`)
  return items
}

export function listingOffersQuery(listingId: string) {
  return queryOptions({ queryKey: offerKeys.ofListing(listingId), queryFn: () => listListingOffers(listingId), staleTime: SEEDED_FRESH_MS })
}

/** The open offers on a listing ranked by the listing's weighting. */
export async function getOptimize(listingId: string): Promise<OptimizeResult> {
  return apiClient.get<OptimizeResult>(`/listings/${encodeURIComponent(listingId)}/optimize`)
}

export function optimizeQuery(listingId: string) {
  return queryOptions({ queryKey: offerKeys.optimize(listingId), queryFn: () => getOptimize(listingId), staleTime: SEEDED_FRESH_MS })
}


/** Uploads one file to the offer (multipart field `file`). */
export async function uploadOfferAttachment(id: string, file: File, kind: Exclude<OfferAttachmentKind, 'offer-form'>): Promise<OfferAttachment> {
  const { attachment } = await apiClient.post<{ attachment: OfferAttachment }>(`${path(id)}/attachments?kind=${kind}`, { file }, { formData: true })
  return attachment
}

export async function deleteOfferAttachment(id: string, attachmentId: string): Promise<void> {
  await apiClient.delete(`${path(id)}/attachments/${encodeURIComponent(attachmentId)}`)
}

/** Where an attachment downloads from (the browser follows it with the session or the link token). */
export function offerAttachmentPath(id: string, attachmentId: string): string {
  return `${path(id)}/attachments/${encodeURIComponent(attachmentId)}`
}

/** Where one version's purchase agreement (PDF) is read from; without a version, the offer as it is now. */
export function offerAgreementPath(id: string, version?: number): string {
  return `${path(id)}/agreement${version === undefined ? '' : `?version=${version}`}`
}

/** Generates the offer's forms (the offer PDF with its stipulations and addendum) and attaches them. */
export async function generateOfferForms(id: string): Promise<OfferAttachment> {
  const { attachment } = await apiClient.post<{ attachment: OfferAttachment }>(`${path(id)}/forms`)
  return attachment
}

/** Puts an offer an API call returned into the cache, and refreshes the lists that show it. */
export function useSetOffer() {
  const queryClient = useQueryClient()
  return (offer: OfferView) => {
    queryClient.setQueryData(offerKeys.one(offer.id), offer)
    void queryClient.invalidateQueries({ queryKey: offerKeys.mineAll() })
    void queryClient.invalidateQueries({ queryKey: offerKeys.ofListing(offer.property.id) })
    void queryClient.invalidateQueries({ queryKey: offerKeys.optimize(offer.property.id) })
  }
}

export function useOfferAction(id: string) {
  const setOffer = useSetOffer()
  return useMutation({ mutationFn: ({ action, version, reason }: { action: SimpleOfferAction; version?: number; reason?: string }) => actOnOffer(id, action, version, reason), onSuccess: setOffer })
}

export function useSendRevision(id: string) {
  const setOffer = useSetOffer()
  return useMutation({ mutationFn: (body: SendRevision) => sendRevision(id, body), onSuccess: setOffer })
}

export function useShareOffer(id: string) {
  const setOffer = useSetOffer()
  return useMutation({ mutationFn: (body: ShareOffer) => shareOffer(id, body), onSuccess: setOffer })
}

export function useAcceptOffer(id: string) {
  const setOffer = useSetOffer()
  return useMutation({ mutationFn: (body: AcceptOffer) => acceptOffer(id, body), onSuccess: setOffer })
}
