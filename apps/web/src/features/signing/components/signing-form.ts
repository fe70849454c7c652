import type { z } from 'zod'
import type { Message } from '@offerbook/domain/messages'
import { issueMessage, issuePath } from '@offerbook/domain/messages'
import type { SignerInput, SigningOrder } from '@offerbook/domain/signing'
import { SIGNING_LIMITS } from '@offerbook/domain/signing'
import { ApiClientError, UNKNOWN_ERROR } from '../../../shared/api-client'

/** A signer row of a form; `key` keeps a row (and the fields placed for it) while rows move. */
export type SignerDraft = SignerInput & { key: string }

/** The options both 'Send for signature' and a form document's editor ask for. */
export type SendOptions = {
  order: SigningOrder
  /** A number, or '' while the input is empty. */
  expiresInDays: number | string
  requireSmsCode: boolean
  message: string
}

export const DEFAULT_SEND_OPTIONS: SendOptions = { order: 'parallel', expiresInDays: SIGNING_LIMITS.defaultExpiresInDays, requireSmsCode: false, message: '' }

/** Messages by the path of the field in the request (`signers.1.email`); the first one for a path wins. */
export type Problems = Record<string, Message>

/** A refused part of a request: its dotted path and its message. */
export type Problem = { path: string } & Message

let nextKey = 0
export function newSignerKey(): string {
  nextKey += 1
  return `signer-${nextKey}`
}

export function signerDrafts(signers: readonly SignerInput[]): SignerDraft[] {
  return signers.map((signer) => ({ name: signer.name, email: signer.email, phone: signer.phone, role: signer.role, key: newSignerKey() }))
}

export function emptySigner(): SignerDraft {
  return { name: '', email: '', phone: '', role: 'other', key: newSignerKey() }
}

/** The signers as the API takes them, without the rows' keys. */
export function signerInputs(signers: readonly SignerDraft[]): SignerInput[] {
  return signers.map(({ name, email, phone, role }) => ({ name, email, phone, role }))
}

/** The days as a number for the schema to judge; an empty input becomes NaN, which the schema refuses with its message. */
export function expiresValue(value: number | string): number {
  if (typeof value === 'number') return value
  return value.trim() === '' ? Number.NaN : Number(value)
}

export function addProblems(target: Problems, problems: readonly Problem[]): Problems {
  for (const { path, ...message } of problems) if (!target[path]) target[path] = message
  return target
}

export function zodProblems(error: z.ZodError | undefined): Problem[] {
  return error ? error.issues.map((issue) => ({ path: issuePath(issue.path), ...issueMessage(issue) })) : []
}

/** What a failed request says, kept as a message so it is translated when shown. */
export function messageOf(error: unknown): Message {
  return error instanceof ApiClientError ? error.detail : UNKNOWN_ERROR
}

/** The field errors a refused request named, by their paths (`signers.1.email`), to show on those fields. */
export function serverProblems(error: unknown): Problems {
  if (!(error instanceof ApiClientError)) return {}
  return addProblems({}, error.errors)
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}

/** Drops the problems under `prefix` (a changed field's own and its children's), so a fixed field stops showing its old message. */
export function withoutProblems(problems: Problems, prefix: string): Problems {
  return Object.fromEntries(Object.entries(problems).filter(([path]) => path !== prefix && !path.startsWith(`${prefix}.`)))
}
