import type { ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import type { Rf707Parties } from '@offerbook/domain/clauses/rf707-layout'
import { GenerateEditButton } from './generate-edit-button'
import { AddendumChoicesModal, useChoiceModal } from './choice-modal-loader'

export type AddendumPickerProps = {
  /** The saved RF707 choices (the offer's terms.addendum); null when none were made. */
  formData: ClauseFormData | null
  onImport: (formData: ClauseFormData) => void
  disabled: boolean
  parties: Rf707Parties
}

/** The RF707 addendum modal and its GENERATE/EDIT button; the modal is fetched on demand, as the stipulations'. */
export function AddendumPicker({ formData, onImport, disabled, parties }: AddendumPickerProps) {
  const modal = useChoiceModal()
  return (
    <>
      <GenerateEditButton value={formData} onClick={modal.open} disabled={disabled} {...modal.intent} />
      {modal.mount(<AddendumChoicesModal opened={modal.opened} formData={formData} parties={parties} onImport={onImport} onClose={modal.close} />)}
    </>
  )
}
