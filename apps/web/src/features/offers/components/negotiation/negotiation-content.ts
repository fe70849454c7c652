import type { OfferView } from '@offerbook/domain/offer'

/**
 * Whether the offer's negotiation panel has anything to show: versions, a counter the viewer may make,
 * a highest-and-best request, an escalation clause or a pre-approval letter. The page asks before the
 * panel's code is here, to hold its place only when it will draw.
 */
export function hasNegotiationContent(offer: OfferView): boolean {
  const { negotiation } = offer
  return (
    negotiation.versions.length > 0 ||
    offer.actions.includes('counter') ||
    negotiation.bestRequest !== null ||
    offer.terms.escalation !== null ||
    offer.attachments.some((attachment) => attachment.kind === 'pre-approval')
  )
}
