import type * as OfferRulesModule from './offer-rules-module'
import { firstScreenDrawn } from '../../../../shared/first-screen'
import { moduleBeside } from '../../../../shared/module-beside'

/**
 * The offer's rules (offer-rules-module.ts): the schema, the share checks and the differences between
 * versions, with zod, the phone rule and the message catalogue they need. They are not needed to draw
 * an offer, which the server sends already checked, so they are a chunk of their own, asked for once
 * the first screen is drawn (decision 101): their 60 KB then share the network with nothing the
 * reader waits for. A part that draws them on the first screen (a version's differences) asks at once.
 *
 * They are evaluated in three tasks: zod's own module with the free-text rules and the messages, then
 * the phone rule with its numbers' data, then the offer's schemas. One task of all blocked the page for
 * some 220 ms on a phone (decision 100).
 */
export type OfferRules = typeof OfferRulesModule

/** A task of its own for what comes next: the browser may draw and answer input in between. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

const rules = moduleBeside(
  async () => {
    // The free-text rules: a small module of the rules' own that brings zod with it (a namespace
    // import of zod would bring all of zod, 73 KB, where the rules use a third).
    await import('@offerbook/domain/validation')
    await nextTask()
    // The phone rule, with the numbers' data of libphonenumber-js.
    await import('@offerbook/domain/phone-schemas')
    await nextTask()
    return import('./offer-rules-module')
  },
  { after: firstScreenDrawn },
)

/** The rules, loading them if they are not yet. */
export const loadOfferRules = rules.load

/** The rules once they are here, else null; `now` for a part of the first screen, which does not wait for it to be drawn. */
export const useOfferRules = rules.use
