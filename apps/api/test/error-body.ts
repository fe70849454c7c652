import type { LightMyRequestResponse } from 'fastify'
import { z } from 'zod'
import { ApiErrorSchema, ERROR_STATUS, FieldErrorSchema } from '@offerbook/domain/api-error'
import type { MessageParams } from '@offerbook/domain/messages'
import { CATALOGUE, isMessageKey, messageText, templateParams } from '@offerbook/domain/messages'

/** The exact error body: these fields and no other, the status it claims, a code of that status. */
const StrictApiErrorSchema = ApiErrorSchema.extend({ errors: z.array(FieldErrorSchema.strict()).optional() }).strict()

/**
 * What is wrong with an answer's error body, or null: an answer of 400 or more must be JSON, an
 * ApiError of its own status, whose key (and each field error's) is a catalogue key and whose
 * message is that key's English text with its parameters.
 */
export function errorBodyProblem(response: LightMyRequestResponse): string | null {
  const status = response.statusCode
  if (status < 400) return null
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return `a ${status} that is not JSON (${String(response.headers['content-type'])})`
  let body: unknown
  try {
    body = JSON.parse(response.body)
  } catch {
    return `a ${status} whose body is not JSON`
  }
  const parsed = StrictApiErrorSchema.safeParse(body)
  if (!parsed.success) return `a ${status} that is not an ApiError: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`
  if (parsed.data.statusCode !== status) return `a ${status} whose body says statusCode ${parsed.data.statusCode}`
  if (ERROR_STATUS[parsed.data.code] !== status) return `a ${status} with the code ${parsed.data.code} (${ERROR_STATUS[parsed.data.code]})`
  if (parsed.data.message.trim() === '') return `a ${status} with an empty message`
  for (const told of [parsed.data, ...(parsed.data.errors ?? [])]) {
    const where = 'path' in told ? `the field error at ${JSON.stringify(told.path)}` : 'the error'
    const wrong = messageProblem(told)
    if (wrong) return `a ${status} where ${where} ${wrong}`
  }
  return null
}

/** What is wrong with a key, its parameters and its English text, or null. */
function messageProblem({ key, params, message }: { key: string; params?: MessageParams | undefined; message: string }): string | null {
  if (!isMessageKey(key)) return `has the key ${JSON.stringify(key)}, which is not in the catalogue`
  const missing = templateParams(CATALOGUE[key]).filter((name) => params?.[name] === undefined)
  if (missing.length > 0) return `has the key ${key} without its parameters ${missing.join(', ')}`
  const expected = messageText(key, params)
  if (message !== expected) return `says ${JSON.stringify(message)}, not the catalogue's ${JSON.stringify(expected)}`
  return null
}

