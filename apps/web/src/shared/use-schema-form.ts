import { useState } from 'react'
import type { FormEvent } from 'react'
import { useTranslation } from './i18n/translation'
import type { z } from 'zod'
import type { Message } from '@offerbook/domain/messages'
import { fieldErrorsOf } from './api-client'
import type { FieldMessages, Validated } from './form-validation'
import { validateWith } from './form-validation'
import { translateOptional } from './i18n/messages'

/** What an input's onChange hands over: its event (text inputs, checkboxes) or the value itself. */
type ChangeEventLike = { currentTarget: { value: string; type?: string; checked?: boolean } }

function isChangeEvent(next: unknown): next is ChangeEventLike {
  return typeof next === 'object' && next !== null && 'currentTarget' in next && typeof (next as ChangeEventLike).currentTarget === 'object'
}

function valueOf(next: unknown): unknown {
  if (!isChangeEvent(next)) return next
  const target = next.currentTarget
  return target.type === 'checkbox' ? Boolean(target.checked) : target.value
}

/** An error's path lies under (or on) a changed path: 'weights' covers 'weights.price'. */
function covers(changed: string, errorPath: string): boolean {
  return errorPath === changed || errorPath.startsWith(`${changed}.`)
}

function withoutPaths(errors: FieldMessages, paths: readonly string[]): FieldMessages {
  const kept = Object.entries(errors).filter(([path, message]) => message && !paths.some((changed) => covers(changed, path)))
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept)
}

export type SchemaFormOptions<V, S extends z.ZodType> = {
  /** The domain's schema, the same one the API validates the request with. */
  schema: S
  initialValues: V | (() => V)
  /** What the schema is given, when the values as typed are not the request itself (trimmed, '' as absent...). */
  toInput?: (values: V) => unknown
  /** Further rules the request's schema does not hold (a password typed twice, a file's size), by field path. */
  check?: (values: V) => FieldMessages
  /** The field paths the form shows, for the API's refusals to land on; the values' keys when not given. */
  fields?: readonly string[]
}

/** What a field's input takes: its value, what to do with a change, and its message in the reader's language. */
export type FieldBinding<T> = {
  value: T
  onChange: (next: T | ChangeEventLike) => void
  error: string | undefined
}

export type SchemaForm<V, Out> = {
  values: V
  /** The fields refused, by dotted path, each with its first message. */
  errors: FieldMessages
  /** True when any field is refused. */
  hasErrors: boolean
  /** A field's message in the reader's language, for an input the form wires itself. */
  errorOf: (path: string) => string | undefined
  /** Binds an input to a field: `<TextInput {...form.field('email')} />`. A change clears the field's message. */
  field: <K extends keyof V & string>(name: K) => FieldBinding<V[K]>
  /** Sets a field; its message (and those under it, or the `clears` paths given) go away. */
  setValue: <K extends keyof V & string>(name: K, value: V[K], clears?: readonly string[]) => void
  /** Replaces the values (after a save, or a reset to defaults); the messages of `clears` go away. */
  setValues: (values: V, clears?: readonly string[]) => void
  setError: (path: string, message: Message | undefined) => void
  setErrors: (errors: FieldMessages) => void
  /** Checks the values now: the messages show, and the parsed request comes back when they pass. */
  validate: () => Validated<Out>
  /** Checks one field now (as it is left, say): its message shows or goes, the others stay as they are. */
  checkField: (path: string) => void
  /** A form's onSubmit: checks with the schema, and calls `onValid` with the parsed request only when it passes. */
  onSubmit: (onValid: (data: Out, values: V) => void) => (event?: FormEvent) => void
  /**
   * Puts an API refusal's field errors on the fields the form shows; true when any landed, so the
   * caller knows whether to say something of its own.
   */
  serverErrors: (error: unknown) => boolean
}

/**
 * The one way a form holds its values and messages: checked with the domain's schema (by `validateWith`,
 * so the browser refuses what the API would, with the same message), each message shown on its field in
 * the reader's language, a change clearing its field's message, and the API's field errors placed where
 * the user can fix them.
 */
export function useSchemaForm<V extends object, S extends z.ZodType>(options: SchemaFormOptions<V, S>): SchemaForm<V, z.output<S>> {
  const { schema, toInput, check, fields } = options
  // The messages are translated on render: a change of language re-renders the form with them.
  useTranslation()
  const [values, setValuesState] = useState<V>(options.initialValues)
  const [errors, setErrorsState] = useState<FieldMessages>({})

  const clear = (paths: readonly string[]) => setErrorsState((current) => withoutPaths(current, paths))

  const setValue = <K extends keyof V & string>(name: K, value: V[K], clears: readonly string[] = [name]) => {
    setValuesState((current) => ({ ...current, [name]: value }))
    clear(clears)
  }

  const validate = (): Validated<z.output<S>> => {
    const checked = validateWith(schema, toInput ? toInput(values) : values)
    const extra = check?.(values) ?? {}
    const found: FieldMessages = { ...extra, ...checked.errors }
    setErrorsState(found)
    if (!checked.ok || Object.values(extra).some(Boolean)) return { ok: false, data: null, errors: found }
    return checked
  }

  const shownFields = fields ?? Object.keys(values)

  return {
    values,
    errors,
    hasErrors: Object.values(errors).some(Boolean),
    errorOf: (path) => translateOptional(errors[path]),
    field: (name) => ({
      value: values[name],
      onChange: (next) => setValue(name, valueOf(next) as V[typeof name]),
      error: translateOptional(errors[name]),
    }),
    setValue,
    setValues: (next, clears = []) => {
      setValuesState(next)
      clear(clears)
    },
    setError: (path, message) => setErrorsState((current) => ({ ...current, [path]: message })),
    setErrors: setErrorsState,
    validate,
    checkField: (path) => {
      const message = validateWith(schema, toInput ? toInput(values) : values).errors[path] ?? check?.(values)[path]
      setErrorsState((current) => ({ ...current, [path]: message }))
    },
    onSubmit: (onValid) => (event) => {
      event?.preventDefault()
      const checked = validate()
      if (checked.ok) onValid(checked.data, values)
    },
    serverErrors: (error) => {
      const placed = fieldErrorsOf(error, shownFields)
      if (Object.keys(placed).length === 0) return false
      setErrorsState(placed)
      return true
    },
  }
}
