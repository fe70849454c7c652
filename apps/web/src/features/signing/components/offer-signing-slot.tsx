import { Suspense } from 'react'
import { CenteredLoader } from '../../../shared/ui/centered-loader'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import type { OfferSigningPanelProps } from './offer-signing-panel'
import { lazyPart } from '../../../shared/lazy-part'

/** The offers whose packets can be followed: an accepted offer, and later a closed or terminated one (read-only then). */
const SIGNING_OFFER_STATUSES: readonly OfferStatus[] = ['accepted', 'closed', 'terminated']

// The signing panel (packets, field placement, the signed PDF's download) is a chunk of its own: an
// offer that is not accepted has nothing to sign, and its page loads and draws without that code.
const OfferSigningPanel = lazyPart(() => import('./offer-signing-panel').then((module) => ({ default: module.OfferSigningPanel })))

/** Where an offer's page shows its signing: nothing before the offer is accepted, then the panel. */
export function OfferSigningSlot(props: OfferSigningPanelProps) {
  if (!SIGNING_OFFER_STATUSES.includes(props.offerStatus)) return null
  return (
    <Suspense fallback={<CenteredLoader />}>
      <OfferSigningPanel {...props} />
    </Suspense>
  )
}
