import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { SEARCHABLE_STATUSES } from '@offerbook/domain/listing'
import type { Db } from '../../db/client'
import type { listing } from '../../db/schema/listings'
import type { SummaryRow } from './listings.queries'

/** The search index's rows (search-index.ts), read from the listings with their lexemes. */

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

