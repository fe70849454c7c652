// A filled value's one printed line, apart from the checks (fields.ts) and the clause texts
// (clause-text.ts), which both read values through it.

// Control characters (line breaks, tabs, NUL ...), Unicode line and paragraph separators, and the
// bidirectional overrides that could make printed text read differently from what was typed.
const NOT_PLAIN = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/gu

/**
 * A filled value as it is printed: one line of plain text. Control characters and line breaks become
 * spaces, runs of white space become one space, and the ends are trimmed, so a value can neither
 * break the one-line-per-clause text nor the numbered-line layout.
 */
export function plainValue(value: unknown): string {
  if (typeof value !== 'string') return ''
  return value.replace(NOT_PLAIN, ' ').replace(/\s+/g, ' ').trim()
}
