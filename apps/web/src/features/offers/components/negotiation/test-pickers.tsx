import type { ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import type { ClausePickers } from '../editor/clause-sections'

/**
 * Clause pickers for a component test: the modals are the contract-language feature's (tested there
 * and in the journeys); here a button imports the choices given, as Import would.
 */
export function testPickers({ stipulations = null, addendum = null }: { stipulations?: ClauseFormData | null; addendum?: ClauseFormData | null } = {}): ClausePickers {
  return {
    renderStipulations: ({ onImport, disabled }) => (
      <button type="button" disabled={disabled || stipulations === null} onClick={() => stipulations && onImport(stipulations)}>
        Import stipulations
      </button>
    ),
    renderAddendum: ({ onImport, disabled }) => (
      <button type="button" disabled={disabled || addendum === null} onClick={() => addendum && onImport(addendum)}>
        Import addendum
      </button>
    ),
  }
}
