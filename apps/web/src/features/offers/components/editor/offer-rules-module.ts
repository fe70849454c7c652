import type { OfferTerms } from '@offerbook/domain/offer-terms'
import { OfferTermsSchema } from '@offerbook/domain/offer-terms'
import { validateWith } from '../../../../shared/form-validation'
import type { FieldErrors } from './offer-form'
import { dropAt, getAt, setAt } from './offer-form'

/**
 * The offer's rules, as the API applies them: the terms' schema (zod, the phone rule with its number
 * data, the message catalogue), what an offer needs before it is shared, and how two versions
 * differ. A chunk of its own, loaded beside the editor (offer-rules.ts).
 */

// From the terms' and the checks' own modules, not offer.ts: the offer's answer shapes (its views, its
// lists, the teams' marks) are no rule of the form's, and zod made them in the same task (decision 100).
export { formsProblem, hasListingAgent, shareProblems } from '@offerbook/domain/offer-checks'
export { differingTerms } from '@offerbook/domain/offer-negotiation'
export { termDifferences } from '@offerbook/domain/offer-differences'
// A clause field's label key needs the RF707 catalogue, which the differences bring anyway.
export { fieldLabelKey } from '../../../../shared/i18n/clause-labels'

/** Terms as the schema gives them (its defaults filled in, its key order), or null when they do not pass. */
export function readTerms(value: unknown): OfferTerms | null {
  const result = OfferTermsSchema.safeParse(value)
  return result.success ? result.data : null
}

/** Field errors by dotted path, the first message of each, by the schema the API validates with. */
export function termsErrors(terms: OfferTerms): FieldErrors {
  return validateWith(OfferTermsSchema, terms).errors
}

/**
 * What autosave may send: the form with each invalid field put back to its saved value (a field the
 * saved terms do not have, such as a new buyer's, is put back to its default). Null when even that
 * does not pass, which only a form built outside the editor could reach.
 */
export function savableTerms(current: OfferTerms, saved: OfferTerms): OfferTerms | null {
  let candidate = current
  // Putting a field back can uncover another problem on a parent (e.g. a whole buyer); a few rounds settle it.
  for (let round = 0; round < 4; round += 1) {
    const result = OfferTermsSchema.safeParse(candidate)
    if (result.success) return result.data
    for (const issue of result.error.issues) {
      const path = issue.path.join('.')
      if (path === '') return null
      const before = getAt(saved, path)
      candidate = before === undefined ? dropAt(candidate, path) : setAt(candidate, path, before)
    }
  }
  return null
}

