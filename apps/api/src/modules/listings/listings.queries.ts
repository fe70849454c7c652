import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { ListingSort, StandardStatus } from '@offerbook/domain/listing'
import { SEARCHABLE_STATUSES } from '@offerbook/domain/listing'
import type { Db } from '../../db/client'
import { storedFile } from '../../db/schema/files'
import { listing, listingMedia, teamMember, teamMemberListing } from '../../db/schema/listings'
import { user } from '../../db/schema/users'
import { listingsChanged } from './listing-changes'

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
  await listingsChanged(db, [row.id])
  return row
}

export async function findListing(db: Db, id: string): Promise<ListingRow | null> {
  const [row] = await db.select().from(listing).where(eq(listing.id, id)).limit(1)
  return row ?? null
}

/** The listing, locked until the transaction ends, so photo orders and status changes do not race. */
export async function lockListing(db: Db, id: string): Promise<ListingRow | null> {
  const [row] = await db.select().from(listing).where(eq(listing.id, id)).limit(1).for('update')
  return row ?? null
}

export async function updateListing(db: Db, id: string, changes: ListingChanges): Promise<ListingRow | null> {
  const [row] = await db.update(listing).set(changes).where(eq(listing.id, id)).returning()
  if (row) await listingsChanged(db, [row.id])
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
export async function findUserImage(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ image: user.image }).from(user).where(eq(user.id, userId)).limit(1)
  return row?.image ?? null
}

// ---------------------------------------------------------------------------------------------
// Photos

const mediaColumns = {
  id: listingMedia.id,
  listingId: listingMedia.listingId,
  fileId: listingMedia.fileId,
  mediaKey: listingMedia.mediaKey,
  order: listingMedia.order,
  sourceUrl: listingMedia.sourceUrl,
  sourceModificationTimestamp: listingMedia.sourceModificationTimestamp,
  createdAt: listingMedia.createdAt,
  filename: storedFile.filename,
}

export async function listMedia(db: Db, listingId: string): Promise<MediaRow[]> {
  return db
    .select(mediaColumns)
    .from(listingMedia)
    .innerJoin(storedFile, eq(storedFile.id, listingMedia.fileId))
    .where(eq(listingMedia.listingId, listingId))
    .orderBy(asc(listingMedia.order), asc(listingMedia.createdAt))
}

export async function findMediaByKey(db: Db, { listingId, mediaKey }: { listingId: string; mediaKey: string }): Promise<MediaRow | null> {
  const [row] = await db
    .select(mediaColumns)
    .from(listingMedia)
    .innerJoin(storedFile, eq(storedFile.id, listingMedia.fileId))
    .where(and(eq(listingMedia.listingId, listingId), eq(listingMedia.mediaKey, mediaKey)))
    .limit(1)
  return row ?? null
}

export async function insertMedia(db: Db, values: typeof listingMedia.$inferInsert): Promise<typeof listingMedia.$inferSelect> {
  const [row] = await db.insert(listingMedia).values(values).returning()
  if (!row) throw new Error('listing_media insert returned no row')
  await listingsChanged(db, [row.listingId])
  return row
}

export async function updateMedia(
  db: Db,
  id: string,
  changes: Partial<Pick<typeof listingMedia.$inferInsert, 'fileId' | 'order' | 'sourceUrl' | 'sourceModificationTimestamp'>>,
): Promise<void> {
  const rows = await db.update(listingMedia).set(changes).where(eq(listingMedia.id, id)).returning({ listingId: listingMedia.listingId })
  await listingsChanged(
    db,
    rows.map((row) => row.listingId),
  )
}

export async function deleteMedia(db: Db, { listingId, mediaId }: { listingId: string; mediaId: string }): Promise<{ fileId: string } | null> {
  const [row] = await db
    .delete(listingMedia)
    .where(and(eq(listingMedia.listingId, listingId), eq(listingMedia.id, mediaId)))
    .returning({ fileId: listingMedia.fileId })
  if (row) await listingsChanged(db, [listingId])
  return row ?? null
}

/**
 * Forgets the stored files no media row uses any more; returns their storage keys, which the caller
 * removes after its commit.
 */
export async function deleteUnusedFiles(db: Db, fileIds: readonly string[]): Promise<string[]> {
  if (fileIds.length === 0) return []
  const rows = await db
    .delete(storedFile)
    .where(and(inArray(storedFile.id, [...fileIds]), sql`not exists (select 1 from ${listingMedia} where ${listingMedia.fileId} = ${storedFile.id})`))
    .returning({ key: storedFile.key })
  return rows.map((row) => row.key)
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

export async function listManagedListings(
  db: Db,
  { userId, tsQuery, statuses, page, pageSize }: PageRequest & { userId: string; tsQuery: string | null; statuses: readonly StandardStatus[] | undefined },
): Promise<{ rows: SummaryRow[]; total: number }> {
  const where = and(await managedByCondition(db, userId), ne(listing.standardStatus, 'Delete'), textMatch(tsQuery), statuses ? inArray(listing.standardStatus, [...statuses]) : undefined)
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(listing)
      .where(where)
      .orderBy(desc(listing.modificationTimestamp), desc(listing.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(listing).where(where),
  ])
  return { rows: await withPrimaryPhotos(db, rows), total: totals[0]?.total ?? 0 }
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
    db
      .select(summaryColumns)
      .from(listing)
      .where(where)
      .orderBy(...SORTS[search.sort])
      .limit(search.pageSize)
      .offset((search.page - 1) * search.pageSize),
    db.select({ total: count() }).from(db.select({ one: sql`1` }).from(listing).where(where).limit(search.countUpTo).as('matches')),
  ])
  return { rows: await withPrimaryPhotos(db, rows), total: totals[0]?.total ?? 0 }
}

// ---------------------------------------------------------------------------------------------
// The search index's rows (search-index.ts)

export type IndexRow = SummaryRow & {
  ownerId: string
  publishedUs: number | null
  lexemes: string[]
}

/** A timestamp as UTC text with microseconds, which JSON carries whole (a JS Date keeps milliseconds only). */
const utcText = (column: SQL | typeof listing.publishedAt) => sql`to_json(to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))`
const jsonOf = (value: SQL) => sql`coalesce(${value}::text, 'null')`

/** 'YYYY-MM-DDTHH:MI:SS.uuuuuu' (UTC) as a Date (milliseconds) and as microseconds since the epoch. */
function parseUtc(text: string | null): { date: Date; us: number } | null {
  if (text === null) return null
  const ms = Date.parse(`${text.slice(0, 23)}Z`)
  return { date: new Date(ms), us: ms * 1000 + Number(text.slice(23, 26)) }
}

type LoadedRow = [
  string,
  string,
  string | null,
  string,
  string,
  string,
  number | null,
  string | null,
  string | null,
  string | null,
  number | null,
  number | null,
  number | null,
  string | null,
  string,
  string | null,
  string,
  string | null,
  string[],
  string | null,
]

/**
 * The listings the public search may show (visibility public, a searchable status, an owner not
 * deactivated) with what the index needs: the summary, the owner, publishedAt in microseconds and
 * the lexemes of search_vector. `only` narrows to some ids or to some owners' listings; a listing
 * not returned is not searchable (or gone).
 *
 * The rows come as one JSON text built by the database: PGlite spends most of a 50,000-row read on
 * each row and field it hands over (about 6 s as rows, under 2 s as one text).
 */
export async function searchableListings(db: Db, only: { ids: readonly string[] } | { ownerIds: readonly string[] } | { afterId: string | null; limit: number }): Promise<IndexRow[]> {
  if ('ids' in only ? only.ids.length === 0 : 'ownerIds' in only && only.ownerIds.length === 0) return []
  const fields = [
    sql`to_json(l.id)`,
    sql`to_json(l.listing_key)`,
    sql`to_json(l.listing_id)`,
    sql`to_json(l.standard_status)`,
    sql`to_json(l.unparsed_address)`,
    utcText(sql`l.modification_timestamp`),
    sql`l.list_price`,
    sql`to_json(l.city)`,
    sql`to_json(l.postal_code)`,
    sql`to_json(l.property_type)`,
    sql`l.bedrooms_total`,
    sql`l.bathrooms_total_integer`,
    sql`l.living_area`,
    utcText(sql`l.offer_deadline`),
    sql`to_json(l.visibility)`,
    sql`to_json(l.draft_step)`,
    sql`to_json(l.owner_id)`,
    utcText(sql`l.published_at`),
    sql`to_json(tsvector_to_array(l.search_vector))`,
    // The first photo (lowest Order, then the oldest).
    sql`to_json((select m.file_id from listing_media m where m.listing_id = l.id order by m."order", m.created_at limit 1))`,
  ]
  const line = sql.join(
    fields.map((field) => jsonOf(field)),
    sql`||','||`,
  )
  // A full load goes in pages by id: PGlite's one connection serves other queries between them.
  const narrow =
    'ids' in only
      ? sql`and l.id in ${sqlList(only.ids)}`
      : 'ownerIds' in only
        ? sql`and l.owner_id in ${sqlList(only.ownerIds)}`
        : sql`${only.afterId === null ? sql`` : sql`and l.id > ${only.afterId}`} order by l.id limit ${only.limit}`
  const result = await db.execute(sql`
    select '[' || string_agg('[' || ${line} || ']', ',') || ']' as rows
    from (select * from listing l
      where l.visibility = 'public'
        and l.standard_status in ${sqlList(SEARCHABLE_STATUSES)}
        and not exists (select 1 from "user" u where u.id = l.owner_id and u.deactivated_at is not null)
        ${narrow}) l`)
  const text = (result as unknown as { rows: { rows: string | null }[] }).rows[0]?.rows ?? null
  if (!text) return []
  return (JSON.parse(text) as LoadedRow[]).map((row) => {
    const published = parseUtc(row[17])
    return {
      id: row[0],
      listingKey: row[1],
      listingId: row[2],
      standardStatus: row[3],
      unparsedAddress: row[4],
      modificationTimestamp: (parseUtc(row[5]) as { date: Date }).date,
      listPrice: row[6],
      city: row[7],
      postalCode: row[8],
      propertyType: row[9],
      bedroomsTotal: row[10],
      bathroomsTotalInteger: row[11],
      livingArea: row[12],
      offerDeadline: parseUtc(row[13])?.date ?? null,
      visibility: row[14],
      draftStep: row[15],
      ownerId: row[16],
      publishedUs: published?.us ?? null,
      lexemes: row[18],
      primaryFileId: row[19],
    }
  })
}

const sqlList = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`
