import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import { OPEN_OFFER_STATUSES } from '@offerbook/domain/offer-status'
import type { Db } from '../../db/client'
import { listing, listingMedia } from '../../db/schema/listings'
import { offer, offerAttachment, offerEvent } from '../../db/schema/offers'
import { user } from '../../db/schema/users'
import { chainInputOf, LEDGER_GENESIS_HASH } from '../../db/offer-ledger'
import { onPage } from '../../db/paging'

export type OfferRow = typeof offer.$inferSelect
export type NewOfferRow = typeof offer.$inferInsert
export type OfferChanges = Partial<Omit<NewOfferRow, 'id' | 'listingId' | 'buyerId' | 'createdAt'>>
export type OfferEventRow = typeof offerEvent.$inferSelect
export type NewOfferEventRow = typeof offerEvent.$inferInsert

// ---------------------------------------------------------------------------------------------
// Offers

/** `forUpdate` locks the row until the transaction ends. */
export async function findOffer(db: Db, id: string, { forUpdate = false } = {}): Promise<OfferRow | null> {
  const query = db.select().from(offer).where(eq(offer.id, id)).limit(1)
  const [row] = await (forUpdate ? query.for('update') : query)
  return row ?? null
}

/** The offer, locked until the transaction ends, so two changes of status never race. */
export const lockOffer = (db: Db, id: string): Promise<OfferRow | null> => findOffer(db, id, { forUpdate: true })

/**
 * The listing's offers in the given statuses, locked in id order (so two accepts on one listing
 * queue instead of deadlocking). A row another transaction changed meanwhile is read as it is now.
 */
export async function lockListingOffers(db: Db, { listingId, statuses }: { listingId: string; statuses: readonly OfferStatus[] }): Promise<OfferRow[]> {
  return db
    .select()
    .from(offer)
    .where(and(eq(offer.listingId, listingId), inArray(offer.status, [...statuses])))
    .orderBy(asc(offer.id))
    .for('update')
}

export async function insertOffer(db: Db, values: NewOfferRow): Promise<OfferRow> {
  const [row] = await db.insert(offer).values(values).returning()
  if (!row) throw new Error('offer insert returned no row')
  return row
}

export async function updateOffer(db: Db, id: string, changes: OfferChanges): Promise<OfferRow> {
  const [row] = await db.update(offer).set(changes).where(eq(offer.id, id)).returning()
  if (!row) throw new Error('offer update found no row')
  return row
}

/** Deletes a draft; false when it is no longer a draft. */
export async function deleteDraftOffer(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(offer)
    .where(and(eq(offer.id, id), eq(offer.status, 'draft')))
    .returning({ id: offer.id })
  return rows.length > 0
}

export type OfferListRow = Pick<
  OfferRow,
  'id' | 'listingId' | 'buyerId' | 'status' | 'terms' | 'purchasePrice' | 'expiresAt' | 'updatedAt' | 'sharedAt' | 'bindingAgreementAt' | 'signedAt' | 'version' | 'turn' | 'bestDeadline' | 'preApprovalVerifiedAt'
>

const listColumns = {
  id: offer.id,
  listingId: offer.listingId,
  buyerId: offer.buyerId,
  status: offer.status,
  terms: offer.terms,
  purchasePrice: offer.purchasePrice,
  expiresAt: offer.expiresAt,
  updatedAt: offer.updatedAt,
  sharedAt: offer.sharedAt,
  bindingAgreementAt: offer.bindingAgreementAt,
  signedAt: offer.signedAt,
  version: offer.version,
  turn: offer.turn,
  bestDeadline: offer.bestDeadline,
  preApprovalVerifiedAt: offer.preApprovalVerifiedAt,
}

/** One page of the buyer's own offers in the given statuses, last changed first. */
/**
 * The status as of `now`, in SQL: an open offer past its expiration is expired from that instant,
 * before the expiry job writes it (domain effectiveOfferStatus, decision 036). Tabs and their counts use it.
 */
function effectiveStatus(now: Date): SQL<string> {
  const open = sql.join(
    OPEN_OFFER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )
  return sql<string>`(case when ${offer.status} in (${open}) and ${offer.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired' else ${offer.status} end)`
}

export async function listBuyerOffers(
  db: Db,
  { buyerId, statuses, page, pageSize, scope, listingId, now = new Date() }: { buyerId: string; statuses: readonly OfferStatus[]; page: number; pageSize: number; scope?: SQL; listingId?: string | undefined; now?: Date },
): Promise<{ rows: OfferListRow[]; total: number }> {
  // `scope` widens the buyer's own offers to those their teams give them (teams/team-access buyerSideScope).
  const where = and(scope ?? eq(offer.buyerId, buyerId), inArray(effectiveStatus(now), [...statuses]), listingId ? eq(offer.listingId, listingId.toLowerCase()) : undefined)
  const [rows, totals] = await Promise.all([
    onPage(db.select(listColumns).from(offer).where(where).orderBy(desc(offer.updatedAt), desc(offer.id)).$dynamic(), page, pageSize),
    db.select({ total: count() }).from(offer).where(where),
  ])
  return { rows, total: totals[0]?.total ?? 0 }
}

/** How many of the buyer's offers are in each status, as of `now` (an open offer past its expiration counts as expired). */
export async function countBuyerOffersByStatus(db: Db, buyerId: string, scope?: SQL, listingId?: string, now = new Date()): Promise<Map<string, number>> {
  const status = effectiveStatus(now)
  const rows = await db
    .select({ status, total: count() })
    .from(offer)
    .where(and(scope ?? eq(offer.buyerId, buyerId), listingId ? eq(offer.listingId, listingId.toLowerCase()) : undefined))
    // By position: the expression binds `now` as a parameter, which a repeated expression would bind again.
    .groupBy(sql`1`)
  return new Map(rows.map((row) => [row.status, row.total]))
}

/** The listing's offers in the given statuses, newest shared first. */
export async function listListingOffers(db: Db, { listingId, statuses }: { listingId: string; statuses: readonly OfferStatus[] }): Promise<OfferListRow[]> {
  return db
    .select(listColumns)
    .from(offer)
    .where(and(eq(offer.listingId, listingId), inArray(offer.status, [...statuses])))
    .orderBy(sql`${offer.sharedAt} desc nulls last`, desc(offer.id))
}

/** The ids of the offers among `offerIds` that carry an attachment of `kind`. */
export async function offersWithAttachmentKind(db: Db, { offerIds, kind }: { offerIds: readonly string[]; kind: string }): Promise<Set<string>> {
  if (offerIds.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ offerId: offerAttachment.offerId })
    .from(offerAttachment)
    .where(and(inArray(offerAttachment.offerId, [...offerIds]), eq(offerAttachment.kind, kind)))
  return new Set(rows.map((row) => row.offerId))
}

/** Open offers whose time has come, locked; rows another job holds are skipped, not waited for. */
export async function lockDueOffers(db: Db, { now, statuses, limit }: { now: Date; statuses: readonly OfferStatus[]; limit: number }): Promise<OfferRow[]> {
  return db
    .select()
    .from(offer)
    .where(and(inArray(offer.status, [...statuses]), lte(offer.expiresAt, now)))
    .orderBy(asc(offer.expiresAt), asc(offer.id))
    .limit(limit)
    .for('update', { skipLocked: true })
}

// ---------------------------------------------------------------------------------------------
// Audit events

/** What a writer gives; the listing, the sequence and the hashes are the chain's (decision 030). */
export type OfferEventInput = Omit<NewOfferEventRow, 'id' | 'listingId' | 'seq' | 'previousHash' | 'hash'>

/**
 * The one writer of offer_event (the offer record, decision 030). In the caller's transaction (a
 * savepoint of it), a lock per listing queues the writers of one listing, so each row takes the next
 * sequence and chains to the row before it: its hash covers that row's hash and its own content.
 */
export async function insertOfferEvent(db: Db, values: OfferEventInput): Promise<OfferEventRow> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ listingId: offer.listingId }).from(offer).where(eq(offer.id, values.offerId)).limit(1)
    if (!target) throw new Error('offer_event for an offer that does not exist')
    const { listingId } = target
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`offer_record:${listingId}`}, 0))`)
    const [head] = await tx.select({ seq: offerEvent.seq, hash: offerEvent.hash }).from(offerEvent).where(eq(offerEvent.listingId, listingId)).orderBy(desc(offerEvent.seq)).limit(1)
    const id = randomUUID()
    const seq = (head?.seq ?? 0) + 1
    const previousHash = head?.hash ?? LEDGER_GENESIS_HASH
    const details = values.details ?? {}
    const at = values.at ?? new Date()
    const input = chainInputOf({
      previousHash,
      listingId,
      seq,
      id,
      offerId: values.offerId,
      type: values.type,
      actorId: values.actorId ?? null,
      actorName: values.actorName ?? null,
      fromStatus: values.fromStatus ?? null,
      toStatus: values.toStatus ?? null,
      details: JSON.stringify(details),
      at,
    })
    const [row] = await tx
      .insert(offerEvent)
      .values({ ...values, details, at, id, listingId, seq, previousHash, hash: sql`encode(sha256(convert_to(${input}, 'UTF8')), 'hex')` })
      .returning()
    if (!row) throw new Error('offer_event insert returned no row')
    return row
  })
}

/**
 * The same writer for many entries at once (a job's batch, decision 064), in the caller's transaction:
 * the listings' locks taken in one order, their heads read in one query, then one insert per round,
 * a round holding at most one entry per listing, each chained to the row before it as
 * insertOfferEvent chains it. Entries of one listing keep their given order.
 */
export async function insertOfferEvents(db: Db, values: readonly OfferEventInput[]): Promise<number> {
  if (values.length === 0) return 0
  return db.transaction(async (tx) => {
    const offerIds = [...new Set(values.map((value) => value.offerId))]
    const targets = await tx.select({ id: offer.id, listingId: offer.listingId }).from(offer).where(inArray(offer.id, offerIds))
    const listingOf = new Map(targets.map((target) => [target.id, target.listingId]))
    const byListing = new Map<string, OfferEventInput[]>()
    for (const value of values) {
      const listingId = listingOf.get(value.offerId)
      if (!listingId) throw new Error('offer_event for an offer that does not exist')
      const entries = byListing.get(listingId) ?? []
      entries.push(value)
      byListing.set(listingId, entries)
    }
    const listingIds = [...byListing.keys()].sort()
    const keys = sql.join(
      listingIds.map((id) => sql`${`offer_record:${id}`}`),
      sql`, `,
    )
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from (select unnest(array[${keys}]::text[]) as k order by 1) as locks`)
    const heads = await tx
      .selectDistinctOn([offerEvent.listingId], { listingId: offerEvent.listingId, seq: offerEvent.seq, hash: offerEvent.hash })
      .from(offerEvent)
      .where(inArray(offerEvent.listingId, listingIds))
      .orderBy(offerEvent.listingId, desc(offerEvent.seq))
    const head = new Map(listingIds.map((id) => [id, { seq: 0, hash: LEDGER_GENESIS_HASH }]))
    for (const row of heads) head.set(row.listingId, { seq: row.seq, hash: row.hash })
    const rounds = Math.max(...[...byListing.values()].map((entries) => entries.length))
    for (let index = 0; index < rounds; index++) {
      const batch = listingIds.flatMap((listingId) => {
        const value = byListing.get(listingId)?.[index]
        if (!value) return []
        const before = head.get(listingId) ?? { seq: 0, hash: LEDGER_GENESIS_HASH }
        const at = value.at ?? new Date()
        return [
          {
            id: randomUUID(),
            offer_id: value.offerId,
            listing_id: listingId,
            seq: before.seq + 1,
            previous_hash: before.hash,
            type: value.type,
            actor_id: value.actorId ?? null,
            actor_name: value.actorName ?? null,
            from_status: value.fromStatus ?? null,
            to_status: value.toStatus ?? null,
            details: value.details ?? {},
            at: at.toISOString(),
          },
        ]
      })
      const v = (column: string) => sql.raw(`v.${column}`)
      const input = chainInputOf({
        previousHash: v('previous_hash'),
        listingId: v('listing_id'),
        seq: v('seq'),
        id: v('id'),
        offerId: v('offer_id'),
        type: v('type'),
        actorId: v('actor_id'),
        actorName: v('actor_name'),
        fromStatus: v('from_status'),
        toStatus: v('to_status'),
        details: v('details'),
        at: v('at'),
      })
      const written = (await tx.execute(sql`
        insert into offer_event (id, offer_id, listing_id, seq, type, actor_id, actor_name, from_status, to_status, details, at, previous_hash, hash)
        select v.id, v.offer_id, v.listing_id, v.seq, v.type, v.actor_id, v.actor_name, v.from_status, v.to_status, v.details, v.at, v.previous_hash,
          encode(sha256(convert_to(${input}, 'UTF8')), 'hex')
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(id uuid, offer_id uuid, listing_id uuid, seq integer, previous_hash text, type text, actor_id text, actor_name text, from_status text, to_status text, details jsonb, at timestamptz)
        returning listing_id, seq, hash
      `)) as unknown as { rows: { listing_id: string; seq: number; hash: string }[] }
      for (const row of written.rows) head.set(row.listing_id, { seq: Number(row.seq), hash: row.hash })
    }
    return values.length
  })
}

/** Whether the viewer already has a 'viewed' entry on the offer since `since` (actorId null: a share-link holder). */
export async function hasRecentView(db: Db, { offerId, actorId, via, since }: { offerId: string; actorId: string | null; via: string; since: Date }): Promise<boolean> {
  const [row] = await db
    .select({ id: offerEvent.id })
    .from(offerEvent)
    .where(
      and(
        eq(offerEvent.offerId, offerId),
        eq(offerEvent.type, 'viewed'),
        gt(offerEvent.at, since),
        actorId === null ? sql`${offerEvent.actorId} is null and ${offerEvent.details}->>'via' = ${via}` : eq(offerEvent.actorId, actorId),
      ),
    )
    .limit(1)
  return row !== undefined
}

export async function listOfferEvents(db: Db, offerId: string): Promise<OfferEventRow[]> {
  return db.select().from(offerEvent).where(eq(offerEvent.offerId, offerId)).orderBy(asc(offerEvent.at), asc(offerEvent.id))
}

// ---------------------------------------------------------------------------------------------
// The listing an offer is on, and the people on both sides

export type OfferListingRow = Pick<
  typeof listing.$inferSelect,
  | 'id'
  | 'standardStatus'
  | 'unparsedAddress'
  | 'city'
  | 'countyOrParish'
  | 'listPrice'
  | 'ownerId'
  | 'listAgentUserId'
  | 'listAgentFullName'
  | 'listAgentEmail'
  | 'listAgentDirectPhone'
  | 'listOfficeName'
  | 'firmLicenseNumber'
  | 'notify'
  | 'weighting'
> & { primaryFileId: string | null }

const listingColumns = {
  id: listing.id,
  standardStatus: listing.standardStatus,
  unparsedAddress: listing.unparsedAddress,
  city: listing.city,
  countyOrParish: listing.countyOrParish,
  listPrice: listing.listPrice,
  ownerId: listing.ownerId,
  listAgentUserId: listing.listAgentUserId,
  listAgentFullName: listing.listAgentFullName,
  listAgentEmail: listing.listAgentEmail,
  listAgentDirectPhone: listing.listAgentDirectPhone,
  listOfficeName: listing.listOfficeName,
  firmLicenseNumber: listing.firmLicenseNumber,
  notify: listing.notify,
  weighting: listing.weighting,
  // Drizzle writes a column in a selected sql`` without its table: a bare "id" here would be listing_media's own, so the outer listing is named.
  primaryFileId: sql<string | null>`(select ${listingMedia.fileId} from ${listingMedia} where ${listingMedia.listingId} = ${listing}.${sql.identifier(listing.id.name)} order by ${listingMedia.order}, ${listingMedia.createdAt} limit 1)`,
}

export async function findOfferListing(db: Db, listingId: string): Promise<OfferListingRow | null> {
  const [row] = await db.select(listingColumns).from(listing).where(eq(listing.id, listingId)).limit(1)
  return row ?? null
}

export async function findOfferListings(db: Db, listingIds: readonly string[]): Promise<Map<string, OfferListingRow>> {
  if (listingIds.length === 0) return new Map()
  const rows = await db
    .select(listingColumns)
    .from(listing)
    .where(inArray(listing.id, [...new Set(listingIds)]))
  return new Map(rows.map((row) => [row.id, row]))
}

export type PersonRow = { id: string; name: string; email: string; language: string }

export async function findPeople(db: Db, ids: readonly string[]): Promise<PersonRow[]> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return []
  return db.select({ id: user.id, name: user.name, email: user.email, language: user.language }).from(user).where(inArray(user.id, wanted))
}

// ---------------------------------------------------------------------------------------------
// The optimize page: one statement reads the listing, whether the actor manages it, a stamp of its
// offers and, when asked, the open offers with their pre-approval flag (docs/decisions/028-runtime.md).

/**
 * Whether `userId` manages the listing, as listings.queries' managedByCondition decides it, in SQL:
 * the owner or the listing agent, a member of their team with access to all, or a member given this listing.
 */
function managesSql(userId: string): SQL<boolean> {
  // Written with the tables named: drizzle leaves a one-table select's columns bare, which a subquery would take as its own.
  return sql<boolean>`("listing"."owner_id" = ${userId} or "listing"."list_agent_user_id" = ${userId}
    or exists (select 1 from "team_member" tm where tm."member_id" = ${userId} and tm."access" = 'all'
      and (tm."leader_id" = "listing"."owner_id" or tm."leader_id" = "listing"."list_agent_user_id"))
    or exists (select 1 from "team_member_listing" tml inner join "team_member" tm on tm."leader_id" = tml."leader_id" and tm."member_id" = tml."member_id"
      where tml."member_id" = ${userId} and tml."listing_id" = "listing"."id"
      and (tml."leader_id" = "listing"."owner_id" or tml."leader_id" = "listing"."list_agent_user_id")))`
}

/**
 * Changes whenever any offer of the listing is added, removed or changed: every change of an offer
 * (its terms, status, files) moves its updated_at, and the sum of those instants moves with it.
 */
const offersStampSql = sql<string>`(select count(*)::text || '/' || coalesce(sum((extract(epoch from o."updated_at") * 1000)::bigint), 0)::text from "offer" o where o."listing_id" = "listing"."id")`

/** The listing's first photo, with the tables named (see managesSql). */
const primaryFileSql = sql<string | null>`(select m."file_id" from "listing_media" m where m."listing_id" = "listing"."id" order by m."order", m."created_at" limit 1)`

export type OptimizeOfferRow = Pick<OfferRow, 'id' | 'status' | 'terms' | 'purchasePrice' | 'expiresAt' | 'sharedAt' | 'version' | 'turn' | 'bestDeadline' | 'preApprovalVerifiedAt'> & {
  hasPreApproval: boolean
}
export type OptimizeRead = { listing: OfferListingRow; manages: boolean; stamp: string; offers: OptimizeOfferRow[] | null }

/**
 * The listing with the actor's right to manage it and the offers' stamp, in one statement; with
 * `statuses`, the same statement also brings the listing's offers in them (one row each, the
 * listing's columns beside), each with whether it carries a pre-approval. Null: no such listing.
 */
export async function readOptimize(db: Db, { listingId, userId, statuses }: { listingId: string; userId: string; statuses?: readonly OfferStatus[] }): Promise<OptimizeRead | null> {
  const head = { ...listingColumns, primaryFileId: primaryFileSql, manages: managesSql(userId), stamp: offersStampSql }
  if (!statuses) {
    const [row] = await db.select(head).from(listing).where(eq(listing.id, listingId)).limit(1)
    if (!row) return null
    const { manages, stamp, ...found } = row
    return { listing: found, manages, stamp, offers: null }
  }
  const rows = await db
    .select({
      ...head,
      offer: {
        id: offer.id,
        status: offer.status,
        terms: offer.terms,
        purchasePrice: offer.purchasePrice,
        expiresAt: offer.expiresAt,
        sharedAt: offer.sharedAt,
        version: offer.version,
        turn: offer.turn,
        bestDeadline: offer.bestDeadline,
        preApprovalVerifiedAt: offer.preApprovalVerifiedAt,
      },
      hasPreApproval: sql<boolean>`exists (select 1 from "offer_attachment" a where a."offer_id" = "offer"."id" and a."kind" = 'pre-approval')`,
    })
    .from(listing)
    .leftJoin(offer, and(eq(offer.listingId, listing.id), inArray(offer.status, [...statuses])))
    .where(eq(listing.id, listingId))
    .orderBy(sql`${offer.sharedAt} desc nulls last`, desc(offer.id))
  const [first] = rows
  if (!first) return null
  const { manages, stamp, offer: _offer, hasPreApproval: _flag, ...found } = first
  const offers = rows.flatMap((row) => (row.offer ? [{ ...row.offer, hasPreApproval: row.hasPreApproval }] : []))
  return { listing: found, manages, stamp, offers }
}
