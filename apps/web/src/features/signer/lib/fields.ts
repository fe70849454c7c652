import type { SigningField, SigningFieldType } from '@offerbook/domain/signing'
import { fieldVisitOrder } from '@offerbook/domain/signing-rules'

/** Fields the signer acts on; the date signed and the printed name fill themselves. */
export function needsAction(type: SigningFieldType): boolean {
  return type === 'signature' || type === 'initials' || type === 'text'
}

export function isSignatureType(type: SigningFieldType): boolean {
  return type === 'signature' || type === 'initials'
}

/** The date as the (English) document shows it: MM/DD/YYYY, in the signer's own time zone. */
export function documentDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`
}

export type FieldProgress = {
  /** Signature and initials fields the signer has clicked, by id. */
  stamped: ReadonlySet<string>
  /** Text fields' values, by id. */
  values: Readonly<Record<string, string>>
}

export function isFieldDone(field: SigningField, progress: FieldProgress): boolean {
  if (isSignatureType(field.type)) return progress.stamped.has(field.id)
  if (field.type === 'text') return (progress.values[field.id] ?? '').trim() !== ''
  return true
}

export function requiredProgress(fields: readonly SigningField[], progress: FieldProgress): { done: number; total: number } {
  const required = fields.filter((field) => field.required)
  return { done: required.filter((field) => isFieldDone(field, progress)).length, total: required.length }
}

/**
 * The field 'Next field' goes to: the first unfinished one after `afterId` in visit order (wrapping
 * round), required ones before optional ones; null when nothing is left to do.
 */
export function nextFieldId(fields: readonly SigningField[], progress: FieldProgress, afterId: string | null): string | null {
  const ordered = fieldVisitOrder(fields)
  const pending = ordered.filter((field) => needsAction(field.type) && !isFieldDone(field, progress))
  const required = pending.filter((field) => field.required)
  const pool = required.length > 0 ? required : pending
  if (pool.length === 0) return null
  const cursor = afterId === null ? -1 : ordered.findIndex((field) => field.id === afterId)
  const after = pool.find((field) => ordered.indexOf(field) > cursor)
  return (after ?? pool[0] ?? null)?.id ?? null
}

/** The text values to send: the filled text fields only, trimmed. */
export function textValues(fields: readonly SigningField[], values: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const field of fields) {
    const value = (values[field.id] ?? '').trim()
    if (field.type === 'text' && value !== '') out[field.id] = value
  }
  return out
}
