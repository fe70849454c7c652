// Apart from seller-format.ts, whose criteria and escalation lines name the listing's and the
// negotiation's texts: a page that only names an offer's buyers waits for neither.

/** The buyers' names as one line, or `fallback` when the offer names none. */
export function buyerNamesText(names: readonly string[], fallback: string): string {
  const named = names.map((name) => name.trim()).filter(Boolean)
  return named.length > 0 ? named.join(', ') : fallback
}
