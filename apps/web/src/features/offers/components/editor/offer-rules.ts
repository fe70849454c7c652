import { useEffect, useState } from 'react'
import type * as OfferRulesModule from './offer-rules-module'

/**
 * The offer's rules (offer-rules-module.ts): the schema, the share checks and the differences between
 * versions, with zod, the phone rule and the message catalogue they need. They are not needed to draw
 * an offer, which the server sends already checked, so they are a chunk of their own: requested when
 * this module is first evaluated (with the editor, so they download beside the offer itself), and
 * used from the moment they arrive.
 */
export type OfferRules = typeof OfferRulesModule

let loaded: OfferRules | null = null
let loading: Promise<OfferRules> | null = null

/** The rules, loading them if they are not yet: a load that failed (a network error) is tried again. */
export function loadOfferRules(): Promise<OfferRules> {
  loading ??= import('./offer-rules-module').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

// Requested with the editor's code, not when the editor first draws.
void loadOfferRules().catch(() => undefined)

/**
 * The rules once they are here, else null (and a render when they arrive). If they cannot be loaded,
 * the error goes to the page's error boundary, as a page's own failed chunk does.
 */
export function useOfferRules(): OfferRules | null {
  const [rules, setRules] = useState(loaded)
  const [failure, setFailure] = useState<{ error: unknown } | null>(null)
  useEffect(() => {
    if (rules) return
    let live = true
    loadOfferRules().then(
      (module) => live && setRules(module),
      (error: unknown) => live && setFailure({ error }),
    )
    return () => {
      live = false
    }
  }, [rules])
  if (failure) throw failure.error
  return rules
}
