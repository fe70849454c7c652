import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { ListingSort, StandardStatus } from '@offerbook/domain/listing'
import type { Db } from '../../db/client'
import { listing, listingMedia, teamMember, teamMemberListing } from '../../db/schema/listings'
import { offer } from '../../db/schema/offers'
import { user } from '../../db/schema/users'
import { listingsChanged } from './listing-changes'
import { onPage } from '../../db/paging'

export type ListingRow = typeof listing.$inferSelect
export type NewListingRow = typeof listing.$inferInsert
export type ListingChanges = Partial<Omit<NewListingRow, 'id' | 'searchVector'>>
export type MediaRow = typeof listingMedia.$inferSelect & { filename: string }

// ---------------------------------------------------------------------------------------------
// Who manages a listing

/**
 * The one access rule, as a condition on listing: the user manages the listings they own or list,
 * every listing of a team leader whose team they joined with access to all, and the listings of a
 * leader designated to them. The team rows are read first (a few rows by index), so the condition
 * is plain equalities the listing indexes answer, also over 50,000 listings.
 */
export async function managedByCondition(db: Db, userId: string): Promise<SQL> {
  const [leaders, designated] = await Promise.all([
    db
      .select({ leaderId: teamMember.leaderId })
      .from(teamMember)
      .where(and(eq(teamMember.memberId, userId), eq(teamMember.access, 'all'))),
    db
      .select({ leaderId: teamMemberListing.leaderId, listingId: teamMemberListing.listingId })
      .from(teamMemberListing)
      .innerJoin(teamMember, and(eq(teamMember.leaderId, teamMemberListing.leaderId), eq(teamMember.memberId, teamMemberListing.memberId)))
      .where(eq(teamMemberListing.memberId, userId)),
  ])
  const people = [userId, ...leaders.map((row) => row.leaderId)]
  const condition = or(
    inArray(listing.ownerId, people),
    inArray(listing.listAgentUserId, people),
    ...designated.map((row) => and(eq(listing.id, row.listingId), or(eq(listing.ownerId, row.leaderId), eq(listing.listAgentUserId, row.leaderId)))),
  )
  if (!condition) throw new Error('the access condition is never empty')
  return condition
}

export async function isListingManager(db: Db, { userId, listingId }: { userId: string; listingId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: listing.id })
    .from(listing)
    .where(and(eq(listing.id, listingId), await managedByCondition(db, userId)))
    .limit(1)
  return row !== undefined
}

// ---------------------------------------------------------------------------------------------
// One listing

export async function insertListing(db: Db, values: NewListingRow): Promise<ListingRow> {
  const [row] = await db.insert(listing).values(values).returning()
  if (!row) throw new Error('listing insert returned no row')
  await listingsChanged(db, [row.id], 'listing.created')
  return row
}

/** `forUpdate` locks the row until the transaction ends. */
export async function findListing(db: Db, id: string, { forUpdate = false } = {}): Promise<ListingRow | null> {
  const query = db.select().from(listing).where(eq(listing.id, id)).limit(1)
  const [row] = await (forUpdate ? query.for('update') : query)
  return row ?? null
}

/** The listing, locked until the transaction ends, so photo orders and status changes do not race. */
export const lockListing = (db: Db, id: string): Promise<ListingRow | null> => findListing(db, id, { forUpdate: true })

export async function updateListing(db: Db, id: string, changes: ListingChanges): Promise<ListingRow | null> {
  // The status before, only when the change may move it: its webhook is `listing.status`.
  const before = changes.standardStatus === undefined ? null : await findListing(db, id)
  const [row] = await db.update(listing).set(changes).where(eq(listing.id, id)).returning()
  if (row) await listingsChanged(db, [row.id], before && before.standardStatus !== row.standardStatus ? 'listing.status' : 'listing.changed')
  return row ?? null
}

/** Deletes a draft (its media rows go with it); null when it is no longer a draft or is gone. */
export async function deleteDraftListing(db: Db, id: string): Promise<ListingRow | null> {
  const [row] = await db
    .delete(listing)
    .where(and(eq(listing.id, id), eq(listing.standardStatus, 'Incomplete')))
    .returning()
  if (row) await listingsChanged(db, [row.id])
  return row ?? null
}

/** Deletes a listing of any status (its media rows go with it). */
export async function deleteListingRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(listing).where(eq(listing.id, id)).returning({ id: listing.id })
  await listingsChanged(
    db,
    rows.map((row) => row.id),
  )
  return rows.length > 0
}

/** The photo of the listing agent's account, for the agent card. */
/** What the agent card shows of the listing agent's own profile: their photo and website. */
export async function findAgentProfile(db: Db, userId: string): Promise<{ image: string | null; website: string | null }> {
  const [row] = await db.select({ image: user.image, website: user.website }).from(user).where(eq(user.id, userId)).limit(1)
  return { image: row?.image ?? null, website: row?.website ?? null }
}

// ---------------------------------------------------------------------------------------------
// Lists

export type SummaryRow = Pick<
  ListingRow,
  | 'id'
  | 'listingKey'
  | 'listingId'
  | 'standardStatus'
  | 'unparsedAddress'
  | 'modificationTimestamp'
  | 'listPrice'
  | 'city'
  | 'postalCode'
  | 'propertyType'
  | 'bedroomsTotal'
  | 'bathroomsTotalInteger'
  | 'livingArea'
  | 'offerDeadline'
  | 'visibility'
  | 'draftStep'
> & { primaryFileId: string | null }
type PageRow = Omit<SummaryRow, 'primaryFileId'>

const summaryColumns = {
  id: listing.id,
  listingKey: listing.listingKey,
  listingId: listing.listingId,
  standardStatus: listing.standardStatus,
  unparsedAddress: listing.unparsedAddress,
  modificationTimestamp: listing.modificationTimestamp,
  listPrice: listing.listPrice,
  city: listing.city,
  postalCode: listing.postalCode,
  propertyType: listing.propertyType,
  bedroomsTotal: listing.bedroomsTotal,
  bathroomsTotalInteger: listing.bathroomsTotalInteger,
  livingArea: listing.livingArea,
  offerDeadline: listing.offerDeadline,
  visibility: listing.visibility,
  draftStep: listing.draftStep,
}

export type PageRequest = { page: number; pageSize: number }

/**
 * The primary photo (lowest Order) of each listing of a page, asked for the page only: as a column of
 * the paged select it would run for every row an OFFSET skips.
 */
async function withPrimaryPhotos(db: Db, rows: PageRow[]): Promise<SummaryRow[]> {
  if (rows.length === 0) return []
  const photos = await db
    .selectDistinctOn([listingMedia.listingId], { listingId: listingMedia.listingId, fileId: listingMedia.fileId })
    .from(listingMedia)
    .where(
      inArray(
        listingMedia.listingId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(listingMedia.listingId, asc(listingMedia.order), asc(listingMedia.createdAt))
  const primary = new Map(photos.map((photo) => [photo.listingId, photo.fileId]))
  return rows.map((row) => ({ ...row, primaryFileId: primary.get(row.id) ?? null }))
}

function textMatch(tsQuery: string | null): SQL | undefined {
  return tsQuery === null ? undefined : sql`${listing.searchVector} @@ to_tsquery('simple', ${tsQuery})`
}

/** Which of these listings the user manages (managedByCondition). */
export async function managedAmong(db: Db, userId: string, listingIds: readonly string[]): Promise<Set<string>> {
  if (listingIds.length === 0) return new Set()
  const rows = await db
    .select({ id: listing.id })
    .from(listing)
    .where(and(inArray(listing.id, [...listingIds]), await managedByCondition(db, userId)))
  return new Set(rows.map((row) => row.id))
}

/** The listings the user manages, and those `alsoReads` lets them read (a brokerage's, decision 072). */
export async function listManagedListings(
  db: Db,
  { userId, alsoReads, tsQuery, statuses, page, pageSize }: PageRequest & { userId: string; alsoReads?: SQL | undefined; tsQuery: string | null; statuses: readonly StandardStatus[] | undefined },
): Promise<{ rows: SummaryRow[]; total: number }> {
  const managed = await managedByCondition(db, userId)
  const where = and(alsoReads ? or(managed, alsoReads) : managed, ne(listing.standardStatus, 'Delete'), textMatch(tsQuery), statuses ? inArray(listing.standardStatus, [...statuses]) : undefined)
  const [rows, totals] = await Promise.all([
    onPage(db.select(summaryColumns).from(listing).where(where).orderBy(desc(listing.modificationTimestamp), desc(listing.id)).$dynamic(), page, pageSize),
    db.select({ total: count() }).from(listing).where(where),
  ])
  return { rows: await withPrimaryPhotos(db, rows), total: totals[0]?.total ?? 0 }
}

/** How many of the listings listManagedListings would list for these words hold each status (statuses with none left out). */
export async function countManagedListingsByStatus(db: Db, { userId, alsoReads, tsQuery }: { userId: string; alsoReads?: SQL | undefined; tsQuery: string | null }): Promise<Map<string, number>> {
  const managed = await managedByCondition(db, userId)
  const where = and(alsoReads ? or(managed, alsoReads) : managed, ne(listing.standardStatus, 'Delete'), textMatch(tsQuery))
  const rows = await db.select({ status: listing.standardStatus, total: count() }).from(listing).where(where).groupBy(listing.standardStatus)
  return new Map(rows.map((row) => [row.status, row.total]))
}

export type PublicSearch = PageRequest & {
  tsQuery: string | null
  statuses: readonly StandardStatus[]
  minPrice: number | undefined
  maxPrice: number | undefined
  minBeds: number | undefined
  minBaths: number | undefined
  types: readonly string[] | undefined
  sort: ListingSort
}

const SORTS: Record<ListingSort, SQL[]> = {
  newest: [sql`${listing.publishedAt} desc nulls last`, desc(listing.id)],
  // Public listings always have a price; these orders are the price index read forwards and backwards.
  'price-asc': [asc(listing.listPrice), asc(listing.id)],
  'price-desc': [desc(listing.listPrice), desc(listing.id)],
  'beds-desc': [sql`${listing.bedroomsTotal} desc nulls last`, sql`${listing.publishedAt} desc nulls last`, desc(listing.id)],
  'area-desc': [sql`${listing.livingArea} desc nulls last`, sql`${listing.publishedAt} desc nulls last`, desc(listing.id)],
}

/**
 * Public search: visibility 'public' and the chosen statuses only, never drafts. The rows of one page and how many match, counted up to `countUpTo` (a count past it is not needed).
 */
export async function searchPublicListings(db: Db, search: PublicSearch & { countUpTo: number }): Promise<{ rows: SummaryRow[]; total: number }> {
  const where = and(
    eq(listing.visibility, 'public'),
    inArray(listing.standardStatus, [...search.statuses]),
    // A deactivated owner's listings leave the search (issue #15); they come back on reactivation.
    sql`not exists (select 1 from ${user} where ${user.id} = ${listing.ownerId} and ${user.deactivatedAt} is not null)`,
    textMatch(search.tsQuery),
    search.minPrice === undefined ? undefined : gte(listing.listPrice, search.minPrice),
    search.maxPrice === undefined ? undefined : lte(listing.listPrice, search.maxPrice),
    search.minBeds === undefined ? undefined : gte(listing.bedroomsTotal, search.minBeds),
    search.minBaths === undefined ? undefined : gte(listing.bathroomsTotalInteger, search.minBaths),
    search.types && search.types.length > 0 ? inArray(listing.propertyType, [...search.types]) : undefined,
  )
  const [rows, totals] = await Promise.all([
    onPage(db.select(summaryColumns).from(listing).where(where).orderBy(...SORTS[search.sort]).$dynamic(), search.page, search.pageSize),
    db.select({ total: count() }).from(db.select({ one: sql`1` }).from(listing).where(where).limit(search.countUpTo).as('matches')),
  ])
  return { rows: await withPrimaryPhotos(db, rows), total: totals[0]?.total ?? 0 }
}


/**
 * How many offers the seller side has received on each listing: every offer once shared (a buyer's
 * draft is the buyer's alone), whatever became of it. Listings with none are left out.
 */
export async function countReceivedOffers(db: Db, listingIds: readonly string[]): Promise<Map<string, number>> {
  if (listingIds.length === 0) return new Map()
  const rows = await db
    .select({ listingId: offer.listingId, offers: count() })
    .from(offer)
    .where(and(inArray(offer.listingId, [...listingIds]), ne(offer.status, 'draft')))
    .groupBy(offer.listingId)
  return new Map(rows.map((row) => [row.listingId, row.offers]))
}
