import type { ReactNode } from 'react'
import type { OfferView } from '@offerbook/domain/offer'
import { AmendmentsPanel } from '../amendments/amendments-panel'
import { ClosingPanel } from '../closing/closing-panel'
import { OfferDetails } from '../details/offer-details'

/**
 * A decided offer on the buyer side's page, read-only: its closing, its amendments and its terms.
 * A chunk of its own (offer-editor.tsx): an offer still being written never loads it.
 */
export default function OfferDecidedParts({ offer, propertyCard }: { offer: OfferView; propertyCard: ReactNode }) {
  return (
    <>
      <ClosingPanel offer={offer} />
      <AmendmentsPanel offer={offer} />
      {propertyCard}
      <OfferDetails offer={offer} />
    </>
  )
}
