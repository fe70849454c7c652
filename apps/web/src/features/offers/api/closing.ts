import { useMutation } from '@tanstack/react-query'
import type { OfferView } from '@offerbook/domain/offer'
import type { DisputeClosing, RecordClosing } from '@offerbook/domain/offer-closing'
import { apiClient } from '../../../shared/api-client'
import { useSetOffer } from './offers'

/** Closing in two steps (decision 061): one side records the figures, the other confirms or disputes them. */

const closingPath = (id: string, step: 'record' | 'confirm' | 'dispute') => `/offers/${encodeURIComponent(id)}/closing/${step}`

export async function recordClosing(id: string, body: RecordClosing): Promise<OfferView> {
  const { offer } = await apiClient.post<{ offer: OfferView }>(closingPath(id, 'record'), body)
  return offer
}

export async function confirmClosing(id: string): Promise<OfferView> {
  const { offer } = await apiClient.post<{ offer: OfferView }>(closingPath(id, 'confirm'))
  return offer
}

export async function disputeClosing(id: string, body: DisputeClosing): Promise<OfferView> {
  const { offer } = await apiClient.post<{ offer: OfferView }>(closingPath(id, 'dispute'), body)
  return offer
}

export function useRecordClosing(id: string) {
  const setOffer = useSetOffer()
  return useMutation({ mutationFn: (body: RecordClosing) => recordClosing(id, body), onSuccess: setOffer })
}

export function useConfirmClosing(id: string) {
  const setOffer = useSetOffer()
  return useMutation({ mutationFn: () => confirmClosing(id), onSuccess: setOffer })
}

export function useDisputeClosing(id: string) {
  const setOffer = useSetOffer()
  return useMutation({ mutationFn: (body: DisputeClosing) => disputeClosing(id, body), onSuccess: setOffer })
}
