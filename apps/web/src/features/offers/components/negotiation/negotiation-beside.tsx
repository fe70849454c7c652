import type { ComponentProps } from 'react'
import { moduleBeside } from '../../../../shared/module-beside'
import { InlineLoader } from '../../../../shared/ui/centered-loader'
import { hasNegotiationContent } from './negotiation-content'
import type { NegotiationPanel as Panel } from './negotiation-panel'

/**
 * The negotiation panel's code (its history, the difference table, the agreement preview) comes beside
 * the offer pages, not before their first screen: most offers being written have no negotiation yet.
 */
const panel = moduleBeside(() => import('./negotiation-panel'))

/** The negotiation panel, drawn when its code is here; a loader in its place meanwhile, when it has something to show. */
export function NegotiationPanelBeside(props: ComponentProps<typeof Panel>) {
  const module = panel.use()
  if (module) return <module.NegotiationPanel {...props} />
  return hasNegotiationContent(props.offer) ? <InlineLoader /> : null
}
