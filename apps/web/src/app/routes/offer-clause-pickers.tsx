import { AddendumPicker } from '../../features/contract-language/components/addendum-picker'
import { StipulationPicker } from '../../features/contract-language/components/stipulation-picker'
import type { ClausePickers } from '../../features/offers/components/editor/clause-sections'

/** The clause modals the offer editor and a counter-offer open: the contract-language feature's, composed here. */
export const OFFER_CLAUSE_PICKERS: ClausePickers = {
  renderStipulations: (props) => <StipulationPicker {...props} />,
  renderAddendum: (props) => <AddendumPicker {...props} />,
}
