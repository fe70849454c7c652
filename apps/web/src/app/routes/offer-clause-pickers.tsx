import type { AddendumPickerProps } from '../../features/contract-language/components/addendum-picker'
import type { StipulationPickerProps } from '../../features/contract-language/components/stipulation-picker'
import type { ClausePickers } from '../../features/offers/components/editor/clause-sections'
import { moduleBeside } from '../../shared/module-beside'
import { InlineLoader } from '../../shared/ui/centered-loader'

/**
 * The pickers' buttons sit in the editor's later sections and the counter form, never on the first
 * screen: their code (with the contract-language feature's texts) comes beside the page.
 */
const parts = moduleBeside(() => import('./offer-clause-picker-parts'))


function Stipulations(props: StipulationPickerProps) {
  const module = parts.use()
  return module ? <module.StipulationPicker {...props} /> : <InlineLoader />
}

function Addendum(props: AddendumPickerProps) {
  const module = parts.use()
  return module ? <module.AddendumPicker {...props} /> : <InlineLoader />
}

/** The clause modals the offer editor and a counter-offer open: the contract-language feature's, composed here. */
export const OFFER_CLAUSE_PICKERS: ClausePickers = {
  renderStipulations: (props) => <Stipulations {...props} />,
  renderAddendum: (props) => <Addendum {...props} />,
}
