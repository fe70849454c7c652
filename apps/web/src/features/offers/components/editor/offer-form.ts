import type { OfferTerms } from '@offerbook/domain/offer'
import { OfferTermsSchema } from '@offerbook/domain/offer'
import type { FieldMessages } from '../../../../shared/form-validation'
import { validateWith } from '../../../../shared/form-validation'

/**
 * The editor's form is the offer's terms as they are being typed. These pure helpers say which fields
 * are invalid (by the domain's schema, the same the API validates with) and what may be sent now:
 * autosave sends the whole terms, so an invalid field goes out with the value last saved instead.
 */

/** Field errors by dotted path ('earnestMoney.amount', 'buyers.0.email'), the first message of each. */
export type FieldErrors = FieldMessages

export function termsErrors(terms: OfferTerms): FieldErrors {
  return validateWith(OfferTermsSchema, terms).errors
}

type Container = Record<string, unknown> | unknown[]

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null
}

export function getAt(source: unknown, path: string): unknown {
  let value: unknown = source
  for (const key of path.split('.')) {
    if (!isContainer(value)) return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

/** A copy of `source` with `value` at `path`, sharing every branch the path does not cross. */
export function setAt<T>(source: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.') as [string, ...string[]]
  const container: Container = isContainer(source) ? (source as Container) : {}
  const copy: Container = Array.isArray(container) ? [...container] : { ...container }
  const child = (container as Record<string, unknown>)[key]
  ;(copy as Record<string, unknown>)[key] = rest.length === 0 ? value : setAt(child, rest.join('.'), value)
  return copy as T
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

/** Removes the value at `path`, so the schema's default takes its place. */
function dropAt<T>(source: T, path: string): T {
  const keys = path.split('.')
  const last = keys.pop() as string
  const parentPath = keys.join('.')
  const parent = parentPath === '' ? source : getAt(source, parentPath)
  if (!isContainer(parent)) return source
  const copy: Container = Array.isArray(parent) ? [...parent] : { ...parent }
  delete (copy as Record<string, unknown>)[last]
  return parentPath === '' ? (copy as T) : setAt(source, parentPath, copy)
}

/** The schema's output has one key order, so equal terms have equal JSON. */
export function sameTerms(a: OfferTerms | null, b: OfferTerms | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** The errors of a field and of everything under it, e.g. 'listingAgent' covers 'listingAgent.email'. */
export function touches(errorPath: string, changedPath: string): boolean {
  return errorPath === changedPath || errorPath.startsWith(`${changedPath}.`) || changedPath.startsWith(`${errorPath}.`)
}
