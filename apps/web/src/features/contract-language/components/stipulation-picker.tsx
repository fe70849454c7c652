import { useState } from 'react'
import type { ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import { concatLabel } from '@offerbook/domain/clauses/concat'
import { STIPULATION_CLAUSES } from '@offerbook/domain/clauses/stipulation-catalogue'
import { GenerateEditButton } from './generate-edit-button'
import { StipulationModal } from './stipulation-modal'

export type StipulationPickerProps = {
  /** The saved choices (the offer's terms.stipulationChoices); null when none were made. */
  choices: ClauseFormData | null
  /** Import: the choices to save. Their text is built from them where it is shown and by the server. */
  onImport: (choices: ClauseFormData) => void
  disabled: boolean
}

/**
 * The stipulation modal and its GENERATE/EDIT button, for an offer that saves the choices: EDIT
 * reopens the ticked clauses from what was saved, also after a reload.
 */
export function StipulationPicker({ choices, onImport, disabled }: StipulationPickerProps) {
  const [open, setOpen] = useState(false)
  const value = choices ? { concatLabel: concatLabel(STIPULATION_CLAUSES, choices), stipulationFormData: choices } : null
  return (
    <>
      <GenerateEditButton value={choices} onClick={() => setOpen(true)} disabled={disabled} />
      <StipulationModal opened={open} value={value} onImport={(next) => onImport(next.stipulationFormData)} onClose={() => setOpen(false)} />
    </>
  )
}
