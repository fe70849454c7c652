import type { ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import { GenerateEditButton } from './generate-edit-button'
import { StipulationChoicesModal, useChoiceModal } from './choice-modal-loader'

export type StipulationPickerProps = {
  /** The saved choices (the offer's terms.stipulationChoices); null when none were made. */
  choices: ClauseFormData | null
  /** Import: the choices to save. Their text is built from them where it is shown and by the server. */
  onImport: (choices: ClauseFormData) => void
  disabled: boolean
}

/**
 * The stipulation modal and its GENERATE/EDIT button, for an offer that saves the choices: EDIT
 * reopens the ticked clauses from what was saved, also after a reload. The modal with its 40 clauses
 * is fetched when the button is pointed at, focused or pressed.
 */
export function StipulationPicker({ choices, onImport, disabled }: StipulationPickerProps) {
  const modal = useChoiceModal()
  return (
    <>
      <GenerateEditButton value={choices} onClick={modal.open} disabled={disabled} {...modal.intent} />
      {modal.mount(<StipulationChoicesModal opened={modal.opened} choices={choices} onImport={onImport} onClose={modal.close} />)}
    </>
  )
}
