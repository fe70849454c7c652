import type * as OfferRulesModule from './offer-rules-module'
import { moduleBeside } from '../../../../shared/module-beside'

/**
 * The offer's rules (offer-rules-module.ts): the schema, the share checks and the differences between
 * versions, with zod, the phone rule and the message catalogue they need. They are not needed to draw
 * an offer, which the server sends already checked, so they are a chunk of their own, requested with
 * the editor's code (so they download beside the offer itself) and used from the moment they arrive.
 */
export type OfferRules = typeof OfferRulesModule

const rules = moduleBeside(() => import('./offer-rules-module'))

/** The rules, loading them if they are not yet. */
export const loadOfferRules = rules.load

/** The rules once they are here, else null. */
export const useOfferRules = rules.use
