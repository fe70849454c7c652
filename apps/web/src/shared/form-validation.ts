import type { z } from 'zod'
import type { Message } from '@offerbook/domain/messages'
import { issueMessage, issuePath } from '@offerbook/domain/messages'

/** A form's refused fields: each dotted path with its first message. */
export type FieldMessages = Partial<Record<string, Message>>

export type Validated<T> = { ok: true; data: T; errors: FieldMessages } | { ok: false; data: null; errors: FieldMessages }

/**
 * The one way a form checks its values: with the domain's schema, the same one the API applies,
 * so the browser and the server refuse the same input with the same message. Each field gets its
 * first issue, by the dotted path the API would name it; a whole-object issue sits under ''.
 */
export function validateWith<S extends z.ZodType>(schema: S, values: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(values)
  if (result.success) return { ok: true, data: result.data, errors: {} }
  const errors: FieldMessages = {}
  for (const issue of result.error.issues) {
    const path = issuePath(issue.path)
    errors[path] ??= issueMessage(issue)
  }
  return { ok: false, data: null, errors }
}
