import { useState } from 'react'
import { concatLabel } from '@offerbook/domain/clauses/concat'
import { RF707_CLAUSES } from '@offerbook/domain/clauses/rf707-catalogue'
import { AddendumModal } from '../../features/contract-language/components/addendum-modal'
import { GenerateEditButton } from '../../features/contract-language/components/generate-edit-button'
import { StipulationPicker } from '../../features/contract-language/components/stipulation-picker'
import type { AddendumPickerProps, ClausePickers } from '../../features/offers/components/editor/clause-sections'

/** The RF707 addendum modal for an offer's terms, which store its choices (terms.addendum). */
function AddendumPicker({ formData, onImport, disabled, parties }: AddendumPickerProps) {
  const [open, setOpen] = useState(false)
  const value = formData ? { concatLabel: concatLabel(RF707_CLAUSES, formData), formData } : null
  return (
    <>
      <GenerateEditButton value={formData} onClick={() => setOpen(true)} disabled={disabled} />
      <AddendumModal opened={open} value={value} parties={parties} onImport={(next) => onImport(next.formData)} onClose={() => setOpen(false)} />
    </>
  )
}

/** The clause modals the offer editor and a counter-offer open: the contract-language feature's, composed here. */
export const OFFER_CLAUSE_PICKERS: ClausePickers = {
  renderStipulations: (props) => <StipulationPicker {...props} />,
  renderAddendum: (props) => <AddendumPicker {...props} />,
}
