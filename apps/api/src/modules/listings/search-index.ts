import type { ListingSort } from '@offerbook/domain/listing'
import { LISTING_SORTS, PROPERTY_TYPES, SEARCHABLE_STATUSES } from '@offerbook/domain/listing'
import { ascNullsLast, countBits, descNullsFirst, descNullsLast, lowerBound } from './search-index-order'
import { SummaryStore } from './summary-store'

/**
 * The public search's in-memory index (docs/decisions/027-search-index.md). It holds the listings
 * anyone can find (visibility public, a searchable status, an owner not deactivated) and answers
 * exactly what searchPublicListings (SQL) answers: the same words, filters, order and count.
 *
 * - A listing is a slot. Numbers are typed-array columns (NaN is SQL's null), status and type are
 *   one byte each, the summary is kept compact (summary-store.ts) and written as JSON when answered,
 *   the id as a string for the order's last tie-break.
 * - Words: the lexemes PostgreSQL stored in search_vector (tsvector_to_array), so the index splits
 *   text exactly as to_tsvector('simple') did. They form a sorted lexicon with postings in one
 *   Uint32Array (CSR); a prefix is a range of the lexicon. Changes after the build go to a small
 *   overlay map.
 * - Slots are never reused: a change marks the old slot dead and appends a new one. Each sort keeps
 *   every slot in its order (a new slot is inserted by binary search); dead slots are skipped.
 *   Past a share of dead slots the owner rebuilds the index from the database (needsCompaction).
 */

export type IndexedListing = {
  id: string
  ownerId: string
  status: string
  propertyType: string | null
  price: number | null
  beds: number | null
  baths: number | null
  area: number | null
  /** publishedAt in microseconds since the epoch (PostgreSQL's precision). */
  publishedUs: number | null
  lexemes: readonly string[]
  /** The listing's summary, which the search answer writes as JSON.stringify does (kept compact: summary-store.ts). */
  summary: Readonly<Record<string, unknown>>
}

export type IndexTerm = { word: string; prefix: boolean }

export type IndexQuery = {
  /** Every term must match; null is no text at all. */
  terms: readonly IndexTerm[] | null
  statuses: readonly string[]
  minPrice?: number | undefined
  maxPrice?: number | undefined
  minBeds?: number | undefined
  minBaths?: number | undefined
  types?: readonly string[] | undefined
  sort: ListingSort
  offset: number
  limit: number
  /** Matches are counted up to this many (SQL: a count over `limit countUpTo`). */
  countUpTo: number
}

export type IndexAnswer = { items: string[]; total: number }

const NO_CODE = 255
const statusCodes = new Map<string, number>(SEARCHABLE_STATUSES.map((status, code) => [status, code]))
const typeCodes = new Map<string, number>(PROPERTY_TYPES.map((type, code) => [type, code]))

/** Below this many text matches, they are gathered and sorted instead of walking a whole sort order. */
const GATHER_LIMIT = 4096

type Order = { slots: Uint32Array; length: number }

export class SearchIndex {
  private capacity = 0
  private size = 0
  private liveCount = 0
  private ids: (string | undefined)[] = []
  private readonly summaries = new SummaryStore()
  private owner = new Int32Array(0)
  private ownerIds: string[] = []
  private ownerCodes = new Map<string, number>()
  private status = new Uint8Array(0)
  private type = new Uint8Array(0)
  private dead = new Uint8Array(0)
  private price = new Float64Array(0)
  private beds = new Float64Array(0)
  private baths = new Float64Array(0)
  private area = new Float64Array(0)
  private published = new Float64Array(0)
  private readonly slotOf = new Map<string, number>()
  private lexicon: string[] = []
  private postingStart = new Uint32Array(1)
  private postings = new Uint32Array(0)
  /** Terms of slots added after the build (also terms the lexicon has). */
  private readonly overlay = new Map<string, number[]>()
  private readonly orders = new Map<ListingSort, Order>()
  private readonly compare: Record<ListingSort, (a: number, b: number) => number>
  /** While building page by page: the postings of the words placed so far (null once built). */
  private building: Map<string, number[]> | null = new Map()

  /** An index of these listings; with `open`, one still being built (addPage, then endBuild). */
  constructor(docs: readonly IndexedListing[] = [], open = false) {
    const byId = (a: number, b: number) => {
      const x = this.ids[a] as string
      const y = this.ids[b] as string
      return x < y ? -1 : x > y ? 1 : 0
    }
    this.compare = {
      newest: (a, b) => descNullsLast(this.published[a] as number, this.published[b] as number) || -byId(a, b),
      'price-asc': (a, b) => ascNullsLast(this.price[a] as number, this.price[b] as number) || byId(a, b),
      'price-desc': (a, b) => descNullsFirst(this.price[a] as number, this.price[b] as number) || -byId(a, b),
      'beds-desc': (a, b) => descNullsLast(this.beds[a] as number, this.beds[b] as number) || descNullsLast(this.published[a] as number, this.published[b] as number) || -byId(a, b),
      'area-desc': (a, b) => descNullsLast(this.area[a] as number, this.area[b] as number) || descNullsLast(this.published[a] as number, this.published[b] as number) || -byId(a, b),
    }
    this.addPage(docs)
    if (!open) this.endBuild()
  }

  /**
   * An index to build page by page, as a full load reads the listings: each page's listings go into
   * their slots and postings at once, so the load never holds every listing's words as objects.
   */
  static building(): SearchIndex {
    return new SearchIndex([], true)
  }

  /** Listings in the index (live slots). */
  get count(): number {
    return this.liveCount
  }

  /** Whether enough slots are dead that a rebuild from the database is worth it. */
  needsCompaction(): boolean {
    const deadCount = this.size - this.liveCount
    return deadCount > 1000 && deadCount > this.liveCount / 4
  }

  has(id: string): boolean {
    return this.slotOf.has(id)
  }

  private grow(needed: number): void {
    if (needed <= this.capacity) return
    const capacity = Math.max(needed, Math.ceil(this.capacity * 1.5), 64)
    const copy = <T extends Uint8Array | Int32Array | Float64Array | Uint32Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity)
      next.set(old)
      return next
    }
    this.owner = copy(this.owner, (n) => new Int32Array(n))
    this.status = copy(this.status, (n) => new Uint8Array(n))
    this.type = copy(this.type, (n) => new Uint8Array(n))
    this.dead = copy(this.dead, (n) => new Uint8Array(n))
    this.price = copy(this.price, (n) => new Float64Array(n))
    this.beds = copy(this.beds, (n) => new Float64Array(n))
    this.baths = copy(this.baths, (n) => new Float64Array(n))
    this.area = copy(this.area, (n) => new Float64Array(n))
    this.published = copy(this.published, (n) => new Float64Array(n))
    for (const order of this.orders.values()) order.slots = copy(order.slots, (n) => new Uint32Array(n))
    this.capacity = capacity
  }

  private ownerCode(ownerId: string): number {
    let code = this.ownerCodes.get(ownerId)
    if (code === undefined) {
      code = this.ownerIds.length
      this.ownerIds.push(ownerId)
      this.ownerCodes.set(ownerId, code)
    }
    return code
  }

  /** Writes a listing's columns into a new slot; its words and orders are the caller's. */
  private place(doc: IndexedListing): number | null {
    const status = statusCodes.get(doc.status)
    if (status === undefined) return null
    const slot = this.size
    this.grow(slot + 1)
    this.size += 1
    this.liveCount += 1
    this.ids[slot] = doc.id
    this.summaries.set(slot, doc.summary)
    this.owner[slot] = this.ownerCode(doc.ownerId)
    this.status[slot] = status
    this.type[slot] = doc.propertyType === null ? NO_CODE : (typeCodes.get(doc.propertyType) ?? NO_CODE)
    this.dead[slot] = 0
    this.price[slot] = doc.price ?? Number.NaN
    this.beds[slot] = doc.beds ?? Number.NaN
    this.baths[slot] = doc.baths ?? Number.NaN
    this.area[slot] = doc.area ?? Number.NaN
    this.published[slot] = doc.publishedUs ?? Number.NaN
    this.slotOf.set(doc.id, slot)
    return slot
  }

  /** Places a page of listings in an index being built. */
  addPage(docs: readonly IndexedListing[]): void {
    const postingsOf = this.building
    if (!postingsOf) throw new Error('addPage is for an index being built')
    this.grow(this.size + docs.length)
    for (const doc of docs) {
      if (this.slotOf.has(doc.id)) continue
      const slot = this.place(doc)
      if (slot === null) continue
      for (const lexeme of new Set(doc.lexemes)) {
        const list = postingsOf.get(lexeme)
        if (list) list.push(slot)
        else postingsOf.set(lexeme, [slot])
      }
    }
  }

  /** Ends a build: the lexicon, its postings and every sort order are made once, from every page. */
  endBuild(): void {
    const postingsOf = this.building
    if (!postingsOf) throw new Error('endBuild is for an index being built')
    this.building = null
    this.lexicon = [...postingsOf.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    this.postingStart = new Uint32Array(this.lexicon.length + 1)
    let total = 0
    this.lexicon.forEach((term, index) => {
      this.postingStart[index] = total
      total += (postingsOf.get(term) as number[]).length
    })
    this.postingStart[this.lexicon.length] = total
    this.postings = new Uint32Array(total)
    this.lexicon.forEach((term, index) => this.postings.set(postingsOf.get(term) as number[], this.postingStart[index]))
    for (const sort of LISTING_SORTS) {
      const slots = new Uint32Array(this.capacity)
      for (let slot = 0; slot < this.size; slot += 1) slots[slot] = slot
      slots.subarray(0, this.size).sort(this.compare[sort])
      this.orders.set(sort, { slots, length: this.size })
    }
  }

  /** Adds or replaces a listing. */
  upsert(doc: IndexedListing): void {
    this.remove(doc.id)
    const slot = this.place(doc)
    if (slot === null) return
    for (const lexeme of new Set(doc.lexemes)) {
      const list = this.overlay.get(lexeme)
      if (list) list.push(slot)
      else this.overlay.set(lexeme, [slot])
    }
    for (const sort of LISTING_SORTS) {
      const order = this.orders.get(sort) as Order
      const compare = this.compare[sort]
      let lo = 0
      let hi = order.length
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (compare(order.slots[mid] as number, slot) < 0) lo = mid + 1
        else hi = mid
      }
      order.slots.copyWithin(lo + 1, lo, order.length)
      order.slots[lo] = slot
      order.length += 1
    }
  }

  /** Takes a listing out (gone, or no longer searchable). */
  remove(id: string): void {
    const slot = this.slotOf.get(id)
    if (slot === undefined) return
    this.slotOf.delete(id)
    this.dead[slot] = 1
    this.summaries.clear(slot)
    this.liveCount -= 1
  }

  /** The ids of every listing of an owner (their listings all reload when the owner changes). */
  idsOfOwner(ownerId: string): string[] {
    const code = this.ownerCodes.get(ownerId)
    if (code === undefined) return []
    const found: string[] = []
    for (const [id, slot] of this.slotOf) if (this.owner[slot] === code) found.push(id)
    return found
  }

  /** The slots whose words match one term, as a bitset over slots. */
  private termBits(term: IndexTerm): Uint32Array {
    const bits = new Uint32Array((this.size >>> 5) + 1)
    const mark = (slot: number) => {
      bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31))
    }
    // The search reads "778899" also as "-778899", as PostgreSQL's parser stores a number after a hyphen.
    const words = /^\d+$/.test(term.word) ? [term.word, `-${term.word}`] : [term.word]
    for (const word of words) {
      let index = lowerBound(this.lexicon, word)
      while (index < this.lexicon.length) {
        const lexeme = this.lexicon[index] as string
        if (term.prefix ? !lexeme.startsWith(word) : lexeme !== word) break
        const end = this.postingStart[index + 1] as number
        for (let at = this.postingStart[index] as number; at < end; at += 1) mark(this.postings[at] as number)
        index += 1
      }
      if (term.prefix) {
        for (const [lexeme, slots] of this.overlay) if (lexeme.startsWith(word)) slots.forEach(mark)
      } else {
        this.overlay.get(word)?.forEach(mark)
      }
    }
    return bits
  }

  search(query: IndexQuery): IndexAnswer {
    let text: Uint32Array | null = null
    if (query.terms) {
      for (const term of query.terms) {
        const bits = this.termBits(term)
        if (text === null) text = bits
        else for (let word = 0; word < text.length; word += 1) text[word] = (text[word] as number) & (bits[word] as number)
      }
    }
    let statusMask = 0
    for (const status of query.statuses) {
      const code = statusCodes.get(status)
      if (code !== undefined) statusMask |= 1 << code
    }
    let typeMask = -1
    if (query.types && query.types.length > 0) {
      typeMask = 0
      for (const type of query.types) {
        const code = typeCodes.get(type)
        if (code !== undefined) typeMask |= 1 << code
      }
    }
    const { minPrice, maxPrice, minBeds, minBaths } = query
    const matches = (slot: number): boolean => {
      if (this.dead[slot] === 1) return false
      if (text !== null && ((text[slot >>> 5] as number) & (1 << (slot & 31))) === 0) return false
      if ((statusMask & (1 << (this.status[slot] as number))) === 0) return false
      if (typeMask !== -1) {
        const type = this.type[slot] as number
        if (type === NO_CODE || (typeMask & (1 << type)) === 0) return false
      }
      // NaN (null) fails every comparison, as NULL does in SQL.
      if (minPrice !== undefined && !((this.price[slot] as number) >= minPrice)) return false
      if (maxPrice !== undefined && !((this.price[slot] as number) <= maxPrice)) return false
      if (minBeds !== undefined && !((this.beds[slot] as number) >= minBeds)) return false
      if (minBaths !== undefined && !((this.baths[slot] as number) >= minBaths)) return false
      return true
    }
    const end = query.offset + query.limit
    const items: string[] = []
    if (text !== null && countBits(text, GATHER_LIMIT) <= GATHER_LIMIT) {
      const found: number[] = []
      for (let word = 0; word < text.length; word += 1) {
        let bits = text[word] as number
        while (bits !== 0) {
          const low = bits & -bits
          const slot = (word << 5) + 31 - Math.clz32(low)
          bits ^= low
          if (matches(slot)) found.push(slot)
        }
      }
      found.sort(this.compare[query.sort])
      for (let index = query.offset; index < Math.min(end, found.length); index += 1) items.push(this.summaries.json(found[index] as number))
      return { items, total: Math.min(found.length, query.countUpTo) }
    }
    const order = this.orders.get(query.sort) as Order
    let total = 0
    const enough = Math.max(end, query.countUpTo)
    for (let index = 0; index < order.length && total < enough; index += 1) {
      const slot = order.slots[index] as number
      if (!matches(slot)) continue
      if (total >= query.offset && total < end) items.push(this.summaries.json(slot))
      total += 1
    }
    return { items, total: Math.min(total, query.countUpTo) }
  }
}
