import type { ClauseFormData } from './clauses/clause-types'
import { concatLabel } from './clauses/clause-text'
import { RF707_CLAUSES } from './clauses/rf707-catalogue'
import { STIPULATION_CLAUSES } from './clauses/stipulation-catalogue'

/**
 * The contract language an offer carries (Contract-language issue): the stipulation picker's choices,
 * the RF707 addendum's choices, and stipulations typed freely. The choices are saved as the modals
 * emit them (ClauseFormData), checked by the one clause form schema (offer-terms.ts), so that EDIT
 * reopens the ticked clauses; their text is built from them with concatLabel, never sent by the
 * browser. Free of zod: a page that shows an offer's clauses loads no schema.
 */

/**
 * What an offer's stipulations are made of. `stipulations` is the text typed freely (through the
 * API); an offer saved before the choices were kept holds its imported clause text there, so it
 * still reads as it did, with no choices to reopen.
 */
export type OfferStipulations = { stipulationChoices: ClauseFormData | null; stipulations: string }

/** The ticked stipulation clauses as one line each, filled in (spec section 3, concatLabel); '' for none. */
export function stipulationClausesText(terms: Pick<OfferStipulations, 'stipulationChoices'>): string {
  return terms.stipulationChoices ? concatLabel(STIPULATION_CLAUSES, terms.stipulationChoices) : ''
}

/** The offer's special stipulations as printed: the ticked clauses, then the free text. */
export function offerStipulationsText(terms: OfferStipulations): string {
  return [stipulationClausesText(terms), terms.stipulations].filter((part) => part.trim() !== '').join('\n')
}

/** The addendum's ticked clauses as one line each, filled in; '' for none. */
export function addendumClausesText(terms: { addendum: ClauseFormData | null }): string {
  return terms.addendum ? concatLabel(RF707_CLAUSES, terms.addendum) : ''
}
