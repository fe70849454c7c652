import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { OfferTerms, OfferView } from '@offerbook/domain/offer'
import { saveOffer } from '../../api/offers'
import type { FieldErrors } from './offer-form'
import { sameTerms } from './offer-form'
import { loadOfferRules, useOfferRules } from './offer-rules'

/** About a second after the last valid change the draft saves itself. */
export const AUTOSAVE_DELAY_MS = 1000

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  /** Some fields are invalid: what is valid was saved, they were not. */
  | { kind: 'invalid' }
  | { kind: 'failed'; error: unknown }

export type OfferAutosave = {
  terms: OfferTerms
  /** Replaces the form's terms (the editor passes the next terms, built from the current ones). */
  setTerms: (update: (terms: OfferTerms) => OfferTerms) => void
  errors: FieldErrors
  state: SaveState
  /** The form holds something the server does not have: an edit waiting to be saved, or an invalid field. */
  dirty: boolean
  /** Saves now; true when everything is saved afterwards (no invalid field, no refusal). */
  saveNow: () => Promise<boolean>
}

/**
 * The editor's terms and their autosave: a change waits AUTOSAVE_DELAY_MS for the next one, then the
 * whole terms go out in one PATCH, with invalid fields at their last saved value (they are not sent).
 * Saves never overlap: a change made during a save is saved after it.
 */
export function useOfferAutosave({ offer, editable, onSaved }: { offer: OfferView; editable: boolean; onSaved: (offer: OfferView) => void }): OfferAutosave {
  // A shared offer's form holds the buyer side's working copy when it has one (decision 036).
  const [initial] = useState<OfferTerms>(() => offer.workingTerms ?? offer.terms)
  const [terms, setTermsState] = useState<OfferTerms>(initial)
  const [saved, setSaved] = useState<OfferTerms>(initial)
  const [state, setState] = useState<SaveState>({ kind: 'idle' })

  // The server's terms already pass the rules, so the form draws before they arrive (offer-rules.ts).
  // When they do, the saved terms take the schema's form (its defaults, its key order), as every
  // comparison after does; what was typed meanwhile is checked then.
  const rules = useOfferRules()
  const [normalized, setNormalized] = useState(false)
  if (rules && !normalized) {
    setNormalized(true)
    const read = rules.readTerms(initial)
    if (read) {
      setSaved(read)
      setTermsState((current) => (current === initial ? read : current))
    }
  }

  const errors = useMemo<FieldErrors>(() => (rules ? rules.termsErrors(terms) : {}), [rules, terms])
  const savable = useMemo(() => (rules ? rules.savableTerms(terms, saved) : null), [rules, terms, saved])
  const hasErrors = Object.keys(errors).length > 0
  const dirty = editable && (rules ? hasErrors || !sameTerms(savable, saved) : !sameTerms(terms, saved))

  // Saves and timers outlive renders: they read the newest values from here.
  const latest = useRef({ terms, saved, offerId: offer.id, onSaved })
  useEffect(() => {
    latest.current = { terms, saved, offerId: offer.id, onSaved }
  })
  const inFlight = useRef<Promise<boolean> | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const saveOnce = useCallback(async (): Promise<boolean> => {
    const rules = await loadOfferRules()
    const { terms: current, saved: before, offerId } = latest.current
    const next = rules.savableTerms(current, before)
    const complete = Object.keys(rules.termsErrors(current)).length === 0
    if (next === null) {
      setState({ kind: 'invalid' })
      return false
    }
    if (sameTerms(next, before)) {
      setState((now) => (complete ? (now.kind === 'invalid' ? { kind: 'idle' } : now) : { kind: 'invalid' }))
      return complete
    }
    setState({ kind: 'saving' })
    try {
      const answer = await saveOffer(offerId, next)
      latest.current = { ...latest.current, saved: next }
      setSaved(next)
      latest.current.onSaved(answer)
      setState(complete ? { kind: 'saved', at: new Date() } : { kind: 'invalid' })
      return complete
    } catch (error) {
      setState({ kind: 'failed', error })
      return false
    }
  }, [])

  const saveNow = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current)
    // Wait for a save under way, then save what changed since it started.
    while (inFlight.current) await inFlight.current
    const run = saveOnce()
    inFlight.current = run
    try {
      return await run
    } finally {
      inFlight.current = null
    }
  }, [saveOnce])

  useEffect(() => {
    if (!editable || !dirty || !rules) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS)
    return () => clearTimeout(timer.current)
  }, [terms, editable, dirty, rules, saveNow])

  useEffect(() => () => clearTimeout(timer.current), [])

  const setTerms = useCallback((update: (terms: OfferTerms) => OfferTerms) => setTermsState(update), [])

  return { terms, setTerms, errors, state, dirty, saveNow }
}
