import type { OfferTerms } from '@offerbook/domain/offer'
import type { FieldMessages } from '../../../../shared/form-validation'

/**
 * The editor's form is the offer's terms as they are being typed. These pure helpers read and write
 * them by path; which fields are invalid and what may be sent now are the offer's rules
 * (offer-rules-module.ts), loaded beside the editor.
 */

/** Field errors by dotted path ('earnestMoney.amount', 'buyers.0.email'), the first message of each. */
export type FieldErrors = FieldMessages

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

/** Removes the value at `path`, so the schema's default takes its place. */
export function dropAt<T>(source: T, path: string): T {
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
