/**
 * Names the shapes the OpenAPI document repeats (decision 081). The zod schemas registered in
 * openapi.ts are already written once under components.schemas; every other shape that two or more
 * places of the document spell out identically is moved there too, under a name taken from where it
 * is first met (its property, its format, or its operation), and each place refers to it with $ref.
 * It runs on the finished document, so an operation added later is covered without declaring anything.
 * Only the document changes: requests are still validated with the routes' own zod schemas.
 */

type Json = Record<string, unknown>
type Document = { paths?: unknown; components?: { schemas?: Record<string, unknown> } }

/** Shapes shorter than this stay inline: a $ref and a name would save too little to be worth reading. */
const MIN_LENGTH = 160
/** Keywords whose value is one schema, and those whose value is a list or a map of schemas. */
const ONE_SCHEMA = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else']
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems']
const SCHEMA_MAPS = ['properties', 'patternProperties']
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']
const REF_PREFIX = '#/components/schemas/'
/** Property names that say too little alone: the shape under them is named after what holds them too (ListOffersItems). */
const GENERIC = new Set(['items', 'item', 'id', 'type', 'kind', 'data', 'value', 'values', 'result', 'results', 'fields', 'status', 'list', 'entries', 'records', 'rows'])

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')
const singular = (word: string) => (/ies$/.test(word) ? `${word.slice(0, -3)}y` : /[^s]s$/.test(word) ? word.slice(0, -1) : `${word}Item`)

/** A place in the document that holds a schema: its container, its key there, and a name for what it holds. */
type Slot = { parent: Json | unknown[]; key: string | number; hint: string }

/** Every schema slot, in document order: the request and response bodies, then the named schemas' insides. */
function slotsOf(document: Document): Slot[] {
  const slots: Slot[] = []
  const visit = (parent: Json | unknown[], key: string | number, hint: string) => {
    const schema = (parent as Record<string | number, unknown>)[key]
    if (!isObject(schema)) return
    slots.push({ parent, key, hint })
    const name = typeof schema.type === 'string' && typeof schema.format === 'string' ? pascal(schema.format) : hint
    for (const keyword of ONE_SCHEMA) if (keyword in schema) visit(schema, keyword, keyword === 'items' ? singular(hint) : keyword === 'additionalProperties' ? `${hint}Value` : hint)
    for (const keyword of SCHEMA_LISTS) if (Array.isArray(schema[keyword])) (schema[keyword] as unknown[]).forEach((_, index) => visit(schema[keyword] as unknown[], index, name))
    const base = hint.replace(/(Result|Body)$/, '')
    for (const keyword of SCHEMA_MAPS) if (isObject(schema[keyword])) for (const property of Object.keys(schema[keyword])) visit(schema[keyword], property, GENERIC.has(property.toLowerCase()) ? `${base}${pascal(property)}` : pascal(property) || hint)
  }
  const paths = isObject(document.paths) ? document.paths : {}
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue
    for (const method of HTTP_METHODS) {
      const operation = item[method]
      if (!isObject(operation)) continue
      const id = pascal(typeof operation.operationId === 'string' ? operation.operationId : method)
      const bodies: [unknown, string][] = [[(operation.requestBody as Json | undefined)?.content, `${id}Body`]]
      if (isObject(operation.responses)) for (const response of Object.values(operation.responses)) bodies.push([(response as Json).content, `${id}Result`])
      for (const [content, hint] of bodies) {
        if (!isObject(content)) continue
        for (const media of Object.values(content)) if (isObject(media)) visit(media, 'schema', hint)
      }
    }
  }
  // A named schema itself keeps its place; what it holds is looked at like any body.
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    if (!isObject(schema)) continue
    const inner: Slot[] = []
    const before = slots.length
    visit({ [name]: schema }, name, name)
    inner.push(...slots.splice(before))
    slots.push(...inner.slice(1))
  }
  return slots
}

/** The name for a shape: its hint, or with a number after it when that name is taken. */
function freeName(hint: string, taken: Record<string, unknown>): string {
  const base = /^[A-Za-z]/.test(hint) ? hint : `Shape${hint}`
  if (!(base in taken)) return base
  let n = 2
  while (`${base}${n}` in taken) n++
  return `${base}${n}`
}

/**
 * Moves each shape written out in two or more places to components.schemas, the one that saves the
 * most first (so a shape inside another is counted once its container is named), until none is left.
 * Returns the names it gave.
 */
export function nameRepeatedShapes(document: Document): string[] {
  document.components = { ...document.components, schemas: { ...document.components?.schemas } }
  const schemas = document.components.schemas!
  const named: string[] = []
  // A shape spelled exactly as a schema already named (the catalogue's keys, in an offer's share problems) refers to it.
  const known = new Map(Object.entries(schemas).map(([name, schema]) => [JSON.stringify(schema), name]))
  for (const slot of slotsOf(document)) {
    const parent = slot.parent as Record<string | number, unknown>
    const text = JSON.stringify(parent[slot.key])
    const name = text.length >= MIN_LENGTH ? known.get(text) : undefined
    if (name) parent[slot.key] = { $ref: `${REF_PREFIX}${name}` }
  }
  for (let round = 0; round < 1000; round++) {
    const counts = new Map<string, { count: number; hint: string }>()
    for (const slot of slotsOf(document)) {
      const text = JSON.stringify((slot.parent as Record<string | number, unknown>)[slot.key])
      if (text.length < MIN_LENGTH) continue
      const entry = counts.get(text)
      if (entry) entry.count++
      else counts.set(text, { count: 1, hint: slot.hint })
    }
    let best: { text: string; hint: string; saving: number } | undefined
    for (const [text, { count, hint }] of counts) {
      const saving = (count - 1) * text.length - count * (REF_PREFIX.length + hint.length + 12)
      if (count > 1 && saving > 0 && (!best || saving > best.saving)) best = { text, hint, saving }
    }
    if (!best) break
    const name = freeName(best.hint, schemas)
    const ref = { $ref: `${REF_PREFIX}${name}` }
    schemas[name] = JSON.parse(best.text) as unknown
    for (const slot of slotsOf(document)) {
      const parent = slot.parent as Record<string | number, unknown>
      if (parent[slot.key] !== schemas[name] && JSON.stringify(parent[slot.key]) === best.text) parent[slot.key] = { ...ref }
    }
    named.push(name)
  }
  return named
}
