import fc from 'fast-check'

/** The part of JSON Schema (draft 2020-12, as @fastify/swagger writes it from zod) the fuzzer reads. */
export type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number | boolean
  exclusiveMaximum?: number | boolean
  format?: string
  pattern?: string
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  nullable?: boolean
  default?: unknown
}

/** Generated strings stay short unless the schema asks for more: the fuzzer wants many requests, not big ones. */
const STRING_CAP = 40
const ARRAY_CAP = 4

function bound(value: number | boolean | undefined, fallback: number | undefined): number | undefined {
  return typeof value === 'number' ? value : fallback
}

function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = bound(schema.exclusiveMinimum, undefined)
  const exclusiveMax = bound(schema.exclusiveMaximum, undefined)
  const min = Math.ceil(exclusiveMin !== undefined ? exclusiveMin + 1 : (schema.minimum ?? -1_000_000))
  const max = Math.floor(exclusiveMax !== undefined ? exclusiveMax - 1 : (schema.maximum ?? 1_000_000))
  if (min > max) return fc.constant(min)
  // The bounds themselves are where off-by-one errors live.
  return fc.oneof({ arbitrary: fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) }), weight: 4 }, { arbitrary: fc.constantFrom(min, max), weight: 1 })
}

function numberOf(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = bound(schema.exclusiveMinimum, undefined)
  const exclusiveMax = bound(schema.exclusiveMaximum, undefined)
  const min = exclusiveMin ?? schema.minimum ?? -1_000_000
  const max = exclusiveMax ?? schema.maximum ?? 1_000_000
  if (min > max) return fc.constant(min)
  const double = fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: exclusiveMin !== undefined, maxExcluded: exclusiveMax !== undefined })
  return fc.oneof(double, integerOf({ ...schema, exclusiveMinimum: exclusiveMin, exclusiveMaximum: exclusiveMax }))
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? STRING_CAP, STRING_CAP))
  switch (schema.format) {
    case 'uuid':
      return fc.uuid()
    case 'email':
      return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254))
    case 'date-time':
      return fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString())
    case 'date':
      return fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10))
    default:
      break
  }
  if (schema.pattern) {
    try {
      const matching = fc.stringMatching(new RegExp(schema.pattern))
      return schema.maxLength === undefined ? matching : matching.filter((value) => value.length <= (schema.maxLength ?? Infinity) && value.length >= minLength)
    } catch {
      // A pattern fast-check cannot generate from: plain strings, which the API must refuse cleanly anyway.
    }
  }
  return fc.oneof({ arbitrary: fc.string({ minLength, maxLength }), weight: 3 }, { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }), weight: 1 })
}

/**
 * Real values for properties of a given name (a listing id, an e-mail that has an account), mixed in
 * with the generated ones so well-shaped requests get past "not found" to the code behind it.
 */
export type Hints = Record<string, fc.Arbitrary<unknown>>

function objectOf(schema: JsonSchema, depth: number, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {}
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [key, child] of Object.entries(properties)) {
    const generated = arbitraryOf(child, depth + 1, hints)
    const hint = hints[key]
    model[key] = hint ? fc.oneof({ arbitrary: hint, weight: 9 }, { arbitrary: generated, weight: 1 }) : generated
  }
  const required = (schema.required ?? []).filter((key) => key in properties)
  return fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>
}

/** A generator of values that satisfy the schema (as far as a generator reasonably can). */
export function arbitraryOf(schema: JsonSchema | undefined, depth = 0, hints: Hints = {}): fc.Arbitrary<unknown> {
  if (!schema || depth > 12) return fc.constant(null)
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((alternative) => arbitraryOf(alternative, depth + 1, hints)))
  if (schema.allOf && schema.allOf.length > 0) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] }
    for (const part of schema.allOf) {
      Object.assign(merged.properties ?? {}, part.properties)
      merged.required = [...(merged.required ?? []), ...(part.required ?? [])]
    }
    return objectOf(merged, depth, hints)
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : []
  if (schema.nullable && !types.includes('null')) types.push('null')
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 })
  return fc.oneof(...types.map((type) => arbitraryOfType(type, schema, depth, hints)))
}

function arbitraryOfType(type: string, schema: JsonSchema, depth: number, hints: Hints): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return integerOf(schema)
    case 'number':
      return numberOf(schema)
    case 'string':
      return stringOf(schema)
    case 'array': {
      const minLength = schema.minItems ?? 0
      return fc.array(arbitraryOf(schema.items, depth + 1, hints), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? ARRAY_CAP, ARRAY_CAP)) })
    }
    case 'object':
      return objectOf(schema, depth, hints)
    default:
      return fc.constant(null)
  }
}
