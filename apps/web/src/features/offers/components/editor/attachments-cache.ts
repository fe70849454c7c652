import { useQueryClient } from '@tanstack/react-query'
import type { OfferAttachment, OfferView } from '@offerbook/domain/offer'
import { offerKeys } from '../../../../shared/query-keys'

/** Keeps the cached offer's attachments in step with an upload or a removal. */
export function useAttachmentsCache(offerId: string) {
  const queryClient = useQueryClient()
  return (update: (attachments: OfferAttachment[]) => OfferAttachment[]) =>
    queryClient.setQueryData<OfferView>(offerKeys.one(offerId), (offer) => (offer ? { ...offer, attachments: update(offer.attachments) } : offer))
}
