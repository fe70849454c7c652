/** The search index's number orders (as SQL sorts), its lexicon search and its bit counting (search-index.ts). */

const isNull = (value: number) => value !== value

/** SQL orders: `desc nulls last`, `asc nulls last` (asc's default) and `desc nulls first` (desc's default). */
export function descNullsLast(x: number, y: number): number {
  if (isNull(x) || isNull(y)) return isNull(x) === isNull(y) ? 0 : isNull(x) ? 1 : -1
  return x > y ? -1 : x < y ? 1 : 0
}
export function ascNullsLast(x: number, y: number): number {
  if (isNull(x) || isNull(y)) return isNull(x) === isNull(y) ? 0 : isNull(x) ? 1 : -1
  return x < y ? -1 : x > y ? 1 : 0
}
export function descNullsFirst(x: number, y: number): number {
  if (isNull(x) || isNull(y)) return isNull(x) === isNull(y) ? 0 : isNull(x) ? -1 : 1
  return x > y ? -1 : x < y ? 1 : 0
}

export function lowerBound(sorted: readonly string[], word: string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((sorted[mid] as string) < word) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The bits set in a bitset, counted no further than past `limit`. */
export function countBits(bits: Uint32Array, limit: number): number {
  let total = 0
  for (let word = 0; word < bits.length && total <= limit; word += 1) {
    let value = (bits[word] as number) - (((bits[word] as number) >>> 1) & 0x55555555)
    value = (value & 0x33333333) + ((value >>> 2) & 0x33333333)
    total += (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
  }
  return total
}
