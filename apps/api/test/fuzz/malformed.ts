import fc from 'fast-check'

/** Strings that break naive code: NUL, lone surrogates, bidi overrides, injections, escapes, huge ones. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  'invoice\u202Efdp.exe',
  '\u202Dabc\u202C\u2066\u2069',
  '\u200B\uFEFF',
  "' OR 1=1 --",
  '"; drop table offer; --',
  '../../../etc/passwd',
  '%00%2e%2e%2f',
  '%',
  '{{7*7}}${7*7}',
  '<script>alert(1)</script>',
  'javascript:alert(document.cookie)',
  '\u{1F4A5}'.repeat(60),
  'null',
  'NaN',
  '-1',
  '1e309',
  '0x1F',
  '2024-02-30',
  '9999-12-31T23:59:59.999Z',
  'İ\u0130ß\uFB00',
  '\r\n\r\nX-Injected: 1',
  '\\',
  '\u0007\u001B[31m',
  'a'.repeat(1000),
  'b'.repeat(70_000),
]

/** Numbers at and past every edge: negatives, fractions where integers go, overflows. */
export const NASTY_NUMBERS: readonly number[] = [-1, 0, -0, 1.5, 0.1, -7.25, 1e308, -1e308, 2 ** 31, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 1e21, Number.MIN_VALUE, 1.2345678901234567e19]

function deepArray(depth: number): unknown {
  let value: unknown = []
  for (let level = 0; level < depth; level++) value = [value]
  return value
}

function deepObject(depth: number): unknown {
  let value: unknown = {}
  for (let level = 0; level < depth; level++) value = { a: value }
  return value
}

/** Any JSON value a client could send where something else was expected. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 5 },
  { arbitrary: fc.constantFrom(...NASTY_NUMBERS), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': '' }, ['a', 1, null]), weight: 2 },
  { arbitrary: fc.constantFrom(deepArray(200), deepObject(200), deepArray(3000)), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
)

/** Bodies sent as they are, with a JSON content type: broken JSON, duplicate keys, prototype keys, huge nesting. */
export const RAW_JSON_BODIES: readonly string[] = [
  '',
  '{',
  '{"a":',
  'nul',
  'null',
  '[]',
  '"just a string"',
  '12',
  '1e999',
  '-0',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\uFEFF{}',
  '{"a":1,"a":2}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{} trailing',
  '\u0000',
]

/** Content types a JSON route must refuse (or read) cleanly. */
export const CONTENT_TYPES: readonly string[] = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/xml',
  'application/octet-stream',
  'application/vnd.api+json',
]

type Path = (string | number)[]

function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix)
  if (out.length > 200) return out
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...prefix, index], out))
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], out)
  return out
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T)
}

function valueAt(root: unknown, path: Path): unknown {
  let node = root
  for (const step of path) node = (node as Record<string | number, unknown>)[step]
  return node
}

function parentAndKey(root: unknown, path: Path): { parent: Record<string | number, unknown>; key: string | number } | null {
  if (path.length === 0) return null
  let parent = root as Record<string | number, unknown>
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
  return { parent, key: path[path.length - 1]! }
}

export type Mutation =
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'delete'; at: number }
  | { kind: 'extra'; at: number; key: string; value: unknown }
  | { kind: 'whole'; value: unknown }
  | { kind: 'poison'; at: number; poison: string }

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: nastyValue }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('extra' as const), at: fc.nat(), key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'id', 'ownerId', 'buyerId', 'status', 'roles', 'userId')), value: nastyValue }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('whole' as const), value: nastyValue }), weight: 1 },
  // One string of an otherwise valid body gets a NUL, a lone surrogate or a bidi override: the rest
  // still passes the schema, so the string reaches the code (and the database) behind it.
  { arbitrary: fc.record({ kind: fc.constant('poison' as const), at: fc.nat(), poison: fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u202E', 'a\u0000') }), weight: 4 },
)

/** The well-shaped value with one thing wrong in it. */
export function applyMutation(value: unknown, change: Mutation): unknown {
  if (change.kind === 'whole') return change.value
  const root = clone(value)
  const paths = pathsOf(root)
  if (change.kind === 'poison') {
    const strings = paths.filter((candidate) => typeof valueAt(root, candidate) === 'string')
    if (strings.length === 0) return root
    const path = strings[change.at % strings.length]!
    const target = parentAndKey(root, path)
    if (!target) return `${String(root)}${change.poison}`
    target.parent[target.key] = `${String(target.parent[target.key])}${change.poison}`
    return root
  }
  const path = paths[change.at % paths.length]!
  if (change.kind === 'extra') {
    const objects = paths.filter((candidate) => {
      const node = valueAt(root, candidate)
      return node !== null && typeof node === 'object' && !Array.isArray(node)
    })
    if (objects.length === 0) return { [change.key]: change.value }
    let node = root as Record<string, unknown>
    for (const step of objects[change.at % objects.length]!) node = node[step] as Record<string, unknown>
    // defineProperty: a '__proto__' key must end up in the JSON, not as the object's prototype.
    Object.defineProperty(node, change.key, { value: change.value, enumerable: true, configurable: true, writable: true })
    return root
  }
  const target = parentAndKey(root, path)
  if (!target) return change.kind === 'replace' ? change.value : undefined
  if (change.kind === 'delete') {
    if (Array.isArray(target.parent)) target.parent.splice(Number(target.key), 1)
    else delete target.parent[target.key]
  } else {
    target.parent[target.key] = change.value
  }
  return root
}
