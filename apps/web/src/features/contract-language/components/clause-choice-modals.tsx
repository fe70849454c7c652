import type { ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import { concatLabel } from '@offerbook/domain/clauses/clause-text'
import { RF707_CLAUSES } from '@offerbook/domain/clauses/rf707-catalogue'
import { STIPULATION_CLAUSES } from '@offerbook/domain/clauses/stipulation-catalogue'
import type { Rf707Parties } from '@offerbook/domain/clauses/rf707-layout'
import { AddendumModal } from './addendum-modal'
import { StipulationModal } from './stipulation-modal'

/**
 * The clause modals over saved choices, with their catalogues: a chunk of its own (choice-modal-loader.tsx),
 * fetched when a GENERATE/EDIT button is pointed at, focused or pressed, not with the offer's page.
 */
export type ChoiceModalProps = { opened: boolean; onClose: () => void }

export function StipulationChoicesModal({ choices, onImport, ...modal }: ChoiceModalProps & { choices: ClauseFormData | null; onImport: (choices: ClauseFormData) => void }) {
  const value = choices ? { concatLabel: concatLabel(STIPULATION_CLAUSES, choices), stipulationFormData: choices } : null
  return <StipulationModal {...modal} value={value} onImport={(next) => onImport(next.stipulationFormData)} />
}

export function AddendumChoicesModal({ formData, parties, onImport, ...modal }: ChoiceModalProps & { formData: ClauseFormData | null; parties: Rf707Parties; onImport: (formData: ClauseFormData) => void }) {
  const value = formData ? { concatLabel: concatLabel(RF707_CLAUSES, formData), formData } : null
  return <AddendumModal {...modal} value={value} parties={parties} onImport={(next) => onImport(next.formData)} />
}
