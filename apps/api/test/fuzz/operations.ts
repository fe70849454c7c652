import fc from 'fast-check'
import type { JsonSchema } from './json-schema-arbitrary'

export type Operation = {
  /** 'GET /api/offers/{id}': how the OpenAPI document names it. */
  key: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  pathParams: string[]
  queryParams: { name: string; schema: JsonSchema; required: boolean }[]
  /** The application/json body's schema, if the operation takes one. */
  bodySchema: JsonSchema | undefined
  /** Takes multipart/form-data (the summary says so; the zod transform drops `consumes`). */
  multipart: boolean
  /** A signer's link token is its credential. */
  signerToken: boolean
}

type OpenApiParameter = { in: string; name: string; required?: boolean; schema?: JsonSchema }
type OpenApiOperation = {
  summary?: string
  parameters?: OpenApiParameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
  security?: Record<string, unknown>[]
}
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>>; components?: { schemas?: Record<string, JsonSchema> } }

const REF_PREFIX = '#/components/schemas/'

/** A schema with each $ref to a named schema written out, so the fuzzer generates what the API reads (no schema here refers to itself). */
function inlined(schema: unknown, named: Record<string, JsonSchema>, depth = 0): unknown {
  if (depth > 20 || schema === null || typeof schema !== 'object') return schema
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, named, depth + 1))
  const ref = (schema as { $ref?: unknown }).$ref
  if (typeof ref === 'string' && ref.startsWith(REF_PREFIX)) return inlined(named[ref.slice(REF_PREFIX.length)] ?? {}, named, depth + 1)
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value, named, depth + 1)]))
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation) continue
      const parameters = operation.parameters ?? []
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
        queryParams: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => ({ name: parameter.name, schema: (inlined(parameter.schema, document.components?.schemas ?? {}) ?? {}) as JsonSchema, required: parameter.required ?? false })),
        bodySchema: inlined(operation.requestBody?.content?.['application/json']?.schema, document.components?.schemas ?? {}) as JsonSchema | undefined,
        multipart: /multipart\/form-data/.test(operation.summary ?? ''),
        signerToken: (operation.security ?? []).some((requirement) => 'signingToken' in requirement),
      })
    }
  }
  return operations
}

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate (which encodeURIComponent refuses)
 * goes out as the three bytes a careless client would send (WTF-8), so the server sees it too.
 */
export function encodeComponent(value: string): string {
  let out = ''
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    const isHigh = code >= 0xd800 && code <= 0xdbff
    const next = value.charCodeAt(index + 1)
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(index, index + 2))
      index++
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')
    } else {
      out += encodeURIComponent(value[index]!)
    }
  }
  return out
}

export function queryString(values: Record<string, unknown>): string {
  const pairs: string[] = []
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) {
      pairs.push(`${encodeComponent(name)}=${encodeComponent(typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))}`)
    }
  }
  return pairs.join('&')
}

/** Query strings no encoder would write: broken percent-escapes, bare separators, a huge one. */
export const RAW_QUERIES: readonly string[] = ['%', '%zz', 'a=%E0%A4%A', '&&&', '=', '==x', 'a[b]=1&a[c]=2', 'page=1&page=2', `q=${'x'.repeat(5000)}`, 'token=%00', 'x=%ED%A0%80', '?=?']

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'bytes'; bytes: Buffer; contentType: string }

export type FileSample = { name: string; bytes: Buffer; type: string }

/** A multipart/form-data body; `truncate` cuts it before the closing boundary. */
export function multipartBody(parts: { field: string; filename: string | null; type: string; bytes: Buffer }[], truncate: boolean): Body {
  const boundary = 'fuzz-boundary-7MA4YWxkTrZu0gW'
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = part.filename === null ? `form-data; name="${part.field}"` : `form-data; name="${part.field}"; filename="${part.filename}"`
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${part.type}\r\n\r\n`), part.bytes, Buffer.from('\r\n'))
  }
  if (!truncate) chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { kind: 'bytes', bytes: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

export function multipartArbitrary(files: readonly FileSample[], nastyFilenames: readonly string[]): fc.Arbitrary<Body> {
  const part = fc.record({
    field: fc.constantFrom('file', 'photo', 'document', ''),
    filename: fc.oneof({ arbitrary: fc.constantFrom(...files.map((file) => file.name)), weight: 3 }, { arbitrary: fc.constantFrom(...nastyFilenames), weight: 2 }, { arbitrary: fc.string({ maxLength: 30 }), weight: 1 }, { arbitrary: fc.constant(null), weight: 1 }),
    sample: fc.constantFrom(...files),
    type: fc.option(fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'application/json', 'text/html', 'image/svg+xml', 'application/octet-stream'), { nil: undefined }),
    bytes: fc.option(fc.uint8Array({ maxLength: 600 }), { nil: undefined, freq: 3 }),
  })
  return fc
    .record({ parts: fc.array(part, { minLength: 1, maxLength: 3 }), truncate: fc.boolean() })
    .map(({ parts, truncate }) =>
      multipartBody(
        parts.map((item) => ({ field: item.field, filename: item.filename, type: item.type ?? item.sample.type, bytes: item.bytes ? Buffer.from(item.bytes) : item.sample.bytes })),
        truncate,
      ),
    )
}
