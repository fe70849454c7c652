import type { ComponentProps } from 'react'
import type { OfferView } from '@offerbook/domain/offer'
import { moduleBeside } from '../../../../shared/module-beside'
import { InlineLoader } from '../../../../shared/ui/centered-loader'
import { hasNegotiationContent } from './negotiation-content'
import type { NegotiationPanel as Panel } from './negotiation-panel'

/**
 * The negotiation panel's code (its history, the difference table, the agreement preview) comes beside
 * the offer pages, not before their first screen: most offers being written have no negotiation yet.
 */
const panel = moduleBeside(() => import('./negotiation-panel'))

/**
 * Whether an offer page may draw its first screen: the panel has nothing to show for this offer, or its
 * code is here. The panel sits above the offer's terms; drawn after them, it would push the whole page
 * down under the reader's eyes (a layout shift Lighthouse measured at 0.15 on the offer form).
 */
export function useNegotiationPanelReady(offer: OfferView | undefined): boolean {
  const module = panel.use()
  return module !== null || (offer !== undefined && !hasNegotiationContent(offer))
}

/** The negotiation panel, drawn when its code is here; a loader in its place meanwhile, when it has something to show. */
export function NegotiationPanelBeside(props: ComponentProps<typeof Panel>) {
  const module = panel.use()
  if (module) return <module.NegotiationPanel {...props} />
  return hasNegotiationContent(props.offer) ? <InlineLoader /> : null
}
