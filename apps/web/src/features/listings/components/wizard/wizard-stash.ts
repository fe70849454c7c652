import type { ListingFieldName } from '@offerbook/domain/listing'
import { OFFER_PREFERENCES } from '@offerbook/domain/listing'
import type { ListingFormValues } from '../listing-form/listing-form-values'
import { LISTING_FORM_FIELDS } from '../listing-form/listing-form-values'

/**
 * What a person typed into a step of the new-listing wizard and has not saved yet, kept in the tab's
 * sessionStorage so a reload brings it back (issue #33). A navigation inside the app passes the leave
 * guard first, so the stash is dropped when the wizard is left; signing out clears the tab's storage.
 */

const PREFIX = 'offerbook.listingWizard.'

export const wizardStashKey = (draftId: string | null) => `${PREFIX}${draftId ?? 'new'}`

const NUMBER_FIELDS = new Set<ListingFieldName>(['ListPrice', 'BedroomsTotal', 'BathroomsTotalInteger'])
const PREFERENCES = new Set<string>(OFFER_PREFERENCES)

function fits(field: ListingFieldName, value: unknown): boolean {
  if (NUMBER_FIELDS.has(field)) return value === null || (typeof value === 'number' && Number.isFinite(value))
  if (field === 'offerPreferences') return Array.isArray(value) && value.every((item) => typeof item === 'string' && PREFERENCES.has(item))
  return typeof value === 'string'
}

/** The values kept for this draft that still differ from what is saved; null when there are none (or the storage is unreadable). */
export function readWizardStash(key: string, saved: ListingFormValues): Partial<ListingFormValues> | null {
  let stored: unknown
  try {
    stored = JSON.parse(window.sessionStorage.getItem(key) ?? 'null')
  } catch {
    return null
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null
  const found: Record<string, unknown> = {}
  for (const field of LISTING_FORM_FIELDS) {
    if (!(field in stored)) continue
    const value = (stored as Record<string, unknown>)[field]
    if (fits(field, value) && JSON.stringify(value) !== JSON.stringify(saved[field])) found[field] = value
  }
  return Object.keys(found).length > 0 ? (found as Partial<ListingFormValues>) : null
}

/** Keeps `fields` of `values`, or forgets the draft's stash when there are none. A full or disabled storage keeps nothing. */
export function writeWizardStash(key: string, values: ListingFormValues, fields: readonly ListingFieldName[]): void {
  try {
    if (fields.length === 0) {
      window.sessionStorage.removeItem(key)
      return
    }
    window.sessionStorage.setItem(key, JSON.stringify(Object.fromEntries(fields.map((field) => [field, values[field]]))))
  } catch {
    // Nothing is kept: the leave guard still warns before the tab is reloaded or closed.
  }
}

export function forgetWizardStash(key: string): void {
  try {
    window.sessionStorage.removeItem(key)
  } catch {
    // Storage that cannot be written holds nothing to forget.
  }
}
