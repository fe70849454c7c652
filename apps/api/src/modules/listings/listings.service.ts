import type { SQL } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type {
  ListingFields,
  ListingNotify,
  ListingPatch,
  ListingSearch,
  ListingSearchPage,
  ListingSettingsPatch,
  ListingSummary,
  ListingVisibility,
  ListingWeighting,
  ManagedListing,
  MyListingsQuery,
  MyListingsScreen,
  Page,
  PublicListing,
  StandardStatus,
} from '@offerbook/domain/listing'
import {
  canChangeListingStatus,
  isPublishedStatus,
  ListingFieldsSchema,
  MY_LISTING_STATUS_GROUP_NAMES,
  MY_LISTING_STATUS_GROUPS,
  REQUIRED_TO_PUBLISH,
  SEARCH_TOTAL_CAP,
  searchFilters,
  searchTsQuery,
} from '@offerbook/domain/listing'
import { formatUsd } from '@offerbook/domain/money'
import type { Role } from '@offerbook/domain/roles'
import { hasAnyRole } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import { isUuid } from '@offerbook/domain/validation'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import type { CleanupLog } from '../files/files.service'
import { fileUrl, ignoreCleanupError, removeStoredObjects } from '../files/files.service'
import { brokerageReadCondition, listingTeamMarks, readsListingAsBrokerageStaff } from '../teams/team-access'
import type { ListingChanges, ListingRow } from './listings.queries'
import { deleteUnusedFiles, listMedia } from './listing-photos.queries'
import {
  countManagedListingsByStatus,
  countReceivedOffers,
  deleteDraftListing,
  deleteListingRow,
  findListing,
  findAgentProfile,
  insertListing,
  isListingManager,
  listManagedListings,
  lockListing,
  managedAmong,
  managedByCondition,
  searchPublicListings,
  updateListing,
} from './listings.queries'
import { badRequest, checkListPrice, checkOfferDeadline, publishProblems, refusePublishing } from './listing-rules'
import { blankToNull, fieldChanges, identity, listingFieldColumns, listingFieldsOf, toManaged, toMedia, toSummary } from './listings-reso'

const AGENT_ROLES: readonly Role[] = ['SELLER_AGENT', 'BUYER_AGENT']
const OPEN_BY_LINK: readonly ListingVisibility[] = ['public', 'unlisted']

export const listingNotFound = () => new AppError('NOT_FOUND', 'listing.notFound')
const notYours = () => new AppError('FORBIDDEN', 'listing.notYours')

// ---------------------------------------------------------------------------------------------
// Access

/** Whether the user manages the listing: its owner, its listing agent, or their team (listings.queries managedByCondition). */
export async function managesListing(db: Db, user: Pick<User, 'uid'> | null, listingId: string): Promise<boolean> {
  if (!user || !isUuid(listingId)) return false
  return isListingManager(db, { userId: user.uid, listingId: listingId.toLowerCase() })
}

/** The listings the user manages, as a condition on listing (for queries of other modules that join listing). */
export async function managedListingsCondition(db: Db, userId: string): Promise<SQL> {
  return managedByCondition(db, userId)
}

/** The listing locked for a change by one of its managers: 404 when there is none, 403 when it is not theirs. */
export async function lockManaged(tx: Db, actor: User, id: string): Promise<ListingRow> {
  if (!isUuid(id)) throw listingNotFound()
  const row = await lockListing(tx, id.toLowerCase())
  if (!row) throw listingNotFound()
  if (!(await isListingManager(tx, { userId: actor.uid, listingId: row.id }))) throw notYours()
  return row
}

export async function managedView(db: Db, row: ListingRow): Promise<ManagedListing> {
  return toManaged(row, await listMedia(db, row.id))
}

/** Saves changes of a listing and bumps its ModificationTimestamp. */
export async function saved(db: Db, id: string, changes: ListingChanges): Promise<ListingRow> {
  const row = await updateListing(db, id, { ...changes, modificationTimestamp: new Date() })
  if (!row) throw listingNotFound()
  return row
}

// ---------------------------------------------------------------------------------------------
// Managing a listing

type ListAgentFields = Pick<ListingFields, 'ListAgentFullName' | 'ListAgentEmail' | 'ListAgentDirectPhone' | 'ListAgentMlsId'>

/** A detail of the agent's profile for a listing field, left out when the field would not take it (a name over 150 characters). */
function profileValue(field: keyof ListAgentFields, value: string | null): string | null {
  const parsed = ListingFieldsSchema.shape[field].safeParse(value)
  return parsed.success ? blankToNull(parsed.data) : null
}

/** An agent's own details as the listing agent fields, for a listing they create or import. */
export function listAgentFieldsOf(agent: User): ListAgentFields {
  return {
    ListAgentFullName: profileValue('ListAgentFullName', agent.name),
    ListAgentEmail: profileValue('ListAgentEmail', agent.email),
    ListAgentDirectPhone: profileValue('ListAgentDirectPhone', agent.phone),
    ListAgentMlsId: profileValue('ListAgentMlsId', agent.sellerAgentId),
  }
}

/** A new draft. An agent's own details fill the listing agent fields the body leaves out. */
/**
 * Spec section 3's isAddListingEnabled: onboarding turns it on for the kinds that list, an admin turns
 * it on or off. Off, the user adds no listing, by hand or by import; their listings stay theirs to manage.
 */
export function refuseUnlessAddListingEnabled(actor: User): void {
  if (!actor.isAddListingEnabled) throw new AppError('FORBIDDEN', 'listing.addListingDisabled')
}

export async function createListing(db: Db, { actor, patch }: { actor: User; patch: ListingPatch }): Promise<ManagedListing> {
  refuseUnlessAddListingEnabled(actor)
  const now = new Date()
  checkOfferDeadline(patch.offerDeadline, null, now)
  checkListPrice(patch, null)
  const agent = hasAnyRole(actor.roles, AGENT_ROLES)
  const prefill: ListingChanges = agent ? { ...fieldChanges(listAgentFieldsOf(actor)), listAgentUserId: actor.uid } : {}
  const id = randomUUID()
  const row = await insertListing(db, {
    ...prefill,
    ...listingFieldColumns(null, patch),
    id,
    listingKey: `OB-${id}`,
    standardStatus: 'Incomplete',
    source: 'manual',
    ownerId: actor.uid,
    draftStep: patch.draftStep ?? null,
    modificationTimestamp: now,
  })
  return toManaged(row, [])
}

export async function getManagedListing(db: Db, { actor, id }: { actor: User; id: string }): Promise<ManagedListing> {
  if (!isUuid(id)) throw listingNotFound()
  const row = await findListing(db, id.toLowerCase())
  if (!row) throw listingNotFound()
  if (await isListingManager(db, { userId: actor.uid, listingId: row.id })) return managedView(db, row)
  // A principal broker's staff read the brokerage's listings; every change still goes through lockManaged (decision 072).
  if (await readsListingAsBrokerageStaff(db, actor.uid, row.id)) return { ...(await managedView(db, row)), readOnly: true }
  throw notYours()
}

/** Saves fields of a draft or of a published listing; a published listing keeps every field publishing requires. */
export async function editListing(db: Db, { actor, id, patch }: { actor: User; id: string; patch: ListingPatch }): Promise<ManagedListing> {
  return db.transaction(async (tx) => {
    const row = await lockManaged(tx, actor, id)
    const draft = row.standardStatus === 'Incomplete'
    if (!draft) {
      const cleared = REQUIRED_TO_PUBLISH.filter(({ field }) => field in patch && patch[field] !== undefined && blankToNull(patch[field]) === null)
      if (cleared.length > 0) throw badRequest(cleared.map(({ field }) => ({ path: field, key: 'common.required' })))
    }
    checkOfferDeadline(patch.offerDeadline, row.offerDeadline, new Date())
    checkListPrice(patch, row.listPrice)
    const changes = listingFieldColumns(row, patch)
    if (draft && patch.draftStep) changes.draftStep = patch.draftStep
    return managedView(tx, await saved(tx, row.id, changes))
  })
}

/** Moves a draft to Active or Coming soon once nothing is missing. */
export async function publishListing(db: Db, { actor, id, status }: { actor: User; id: string; status: 'Active' | 'ComingSoon' }): Promise<ManagedListing> {
  return db.transaction(async (tx) => {
    const row = await lockManaged(tx, actor, id)
    if (row.standardStatus !== 'Incomplete') throw new AppError('CONFLICT', 'listing.publishOnlyDraft')
    const now = new Date()
    const media = await listMedia(tx, row.id)
    refusePublishing(publishProblems(row, media.length, now))
    const published = await saved(tx, row.id, { standardStatus: status, publishedAt: now, draftStep: null })
    return toManaged(published, media)
  })
}

/** The settings tab: status (by the transition table; a draft goes through the publish check), deadline, notifications, visibility. */
export async function changeListingSettings(db: Db, { actor, id, patch }: { actor: User; id: string; patch: ListingSettingsPatch }): Promise<ManagedListing> {
  return db.transaction(async (tx) => {
    const row = await lockManaged(tx, actor, id)
    const now = new Date()
    const changes: ListingChanges = {}
    const to = patch.StandardStatus
    const from = row.standardStatus as StandardStatus
    if (to !== undefined && to !== from) {
      if (!canChangeListingStatus(from, to)) throw fieldError('StandardStatus', 'listing.statusChange', { from, to })
      if (from === 'Incomplete') {
        const media = await listMedia(tx, row.id)
        refusePublishing(publishProblems({ ...row, ...(patch.offerDeadline !== undefined ? { offerDeadline: patch.offerDeadline ? new Date(patch.offerDeadline) : null } : {}) }, media.length, now))
        changes.draftStep = null
      }
      changes.standardStatus = to
      if (!row.publishedAt) changes.publishedAt = now
    }
    if (patch.offerDeadline !== undefined) {
      checkOfferDeadline(patch.offerDeadline, row.offerDeadline, now)
      changes.offerDeadline = patch.offerDeadline === null ? null : new Date(patch.offerDeadline)
    }
    if (patch.notify !== undefined) changes.notify = patch.notify satisfies ListingNotify
    if (patch.visibility !== undefined) changes.visibility = patch.visibility
    return managedView(tx, await saved(tx, row.id, changes))
  })
}

export async function changeListingWeighting(db: Db, { actor, id, weighting }: { actor: User; id: string; weighting: ListingWeighting }): Promise<ManagedListing> {
  return db.transaction(async (tx) => {
    const row = await lockManaged(tx, actor, id)
    return managedView(tx, await saved(tx, row.id, { weighting }))
  })
}

/** Deletes a draft with its photos; a published listing is withdrawn or canceled instead. */
export async function deleteDraft(db: Db, storage: FileStorage, { actor, id, onCleanupError = ignoreCleanupError }: { actor: User; id: string; onCleanupError?: CleanupLog }): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const row = await lockManaged(tx, actor, id)
    if (row.standardStatus !== 'Incomplete') throw new AppError('CONFLICT', 'listing.onlyDraftsDeleted')
    const media = await listMedia(tx, row.id)
    if (!(await deleteDraftListing(tx, row.id))) throw new AppError('CONFLICT', 'listing.onlyDraftsDeleted')
    return deleteUnusedFiles(
      tx,
      media.map((item) => item.fileId),
    )
  })
  await removeStoredObjects(storage, keys, onCleanupError)
}

/**
 * Deletes a listing of any status with its photos, for the MLS import (a record the feed no longer
 * shows); the people managing a listing delete drafts only (deleteDraft). False when there was none.
 */
export async function deleteListingWithPhotos(db: Db, storage: FileStorage, { listingId, onCleanupError = ignoreCleanupError }: { listingId: string; onCleanupError?: CleanupLog }): Promise<boolean> {
  if (!isUuid(listingId)) return false
  const keys = await db.transaction(async (tx) => {
    const row = await lockListing(tx, listingId.toLowerCase())
    if (!row) return null
    const media = await listMedia(tx, row.id)
    await deleteListingRow(tx, row.id)
    return deleteUnusedFiles(
      tx,
      media.map((item) => item.fileId),
    )
  })
  if (keys === null) return false
  await removeStoredObjects(storage, keys, onCleanupError)
  return true
}

// ---------------------------------------------------------------------------------------------
// Lists and the public page

/**
 * searchTsQuery's words, where a number also matches with a minus sign in front: PostgreSQL's parser
 * reads the "-778899" of "MLS-778899" (or the "-1234" of a ZIP+4) as one signed number.
 */
function listingTsQuery(text: string | undefined): string | null {
  const query = text ? searchTsQuery(text) : null
  if (query === null) return null
  return query
    .split(' & ')
    .map((term) => (/^\d+(?::\*)?$/.test(term) ? `(${term} | -${term})` : term))
    .join(' & ')
}

export async function listMyListings(db: Db, { actor, query }: { actor: User; query: MyListingsQuery }): Promise<Page<ListingSummary>> {
  const { rows, total } = await listManagedListings(db, {
    userId: actor.uid,
    alsoReads: await brokerageReadCondition(db, actor.uid),
    tsQuery: listingTsQuery(query.q),
    statuses: query.status,
    page: query.page,
    pageSize: query.pageSize,
  })
  // Rows that reach the user through a team say whose they are (issue #16).
  const ids = rows.map((row) => row.id)
  const [marks, offers] = await Promise.all([managedAmong(db, actor.uid, ids).then((managed) => listingTeamMarks(db, actor.uid, ids, managed)), countReceivedOffers(db, ids)])
  return { items: rows.map((row) => ({ ...toSummary(row), team: marks.get(row.id) ?? null, offerCount: offers.get(row.id) ?? 0 })), total, page: query.page, pageSize: query.pageSize }
}

/**
 * /my-properties/list's first screen in one answer (issue #36): the page GET /api/listings/mine answers
 * for the same query, with the same access, and the count of each tab's group for the same words.
 */
export async function myListingsScreen(db: Db, { actor, query }: { actor: User; query: MyListingsQuery }): Promise<MyListingsScreen> {
  const [listings, byStatus] = await Promise.all([
    listMyListings(db, { actor, query }),
    brokerageReadCondition(db, actor.uid).then((alsoReads) => countManagedListingsByStatus(db, { userId: actor.uid, alsoReads, tsQuery: listingTsQuery(query.q) })),
  ])
  const all = [...byStatus.values()].reduce((sum, value) => sum + value, 0)
  const countOf = (statuses: readonly string[] | undefined) => (statuses ? statuses.reduce((sum, status) => sum + (byStatus.get(status) ?? 0), 0) : all)
  const counts = Object.fromEntries(MY_LISTING_STATUS_GROUP_NAMES.map((name) => [name, countOf(MY_LISTING_STATUS_GROUPS[name])])) as MyListingsScreen['counts']
  return { listings, counts }
}

/** Public search: listings anyone can find (visibility public, a searchable status). */
export async function searchListings(db: Db, { query }: { query: ListingSearch }): Promise<ListingSearchPage> {
  const { rows, total } = await searchPublicListings(db, {
    tsQuery: listingTsQuery(query.q),
    ...searchFilters(query),
    page: query.page,
    pageSize: query.pageSize,
    countUpTo: SEARCH_TOTAL_CAP + 1,
  })
  const totalCapped = total > SEARCH_TOTAL_CAP
  return { items: rows.map(toSummary), total: totalCapped ? SEARCH_TOTAL_CAP : total, totalCapped, page: query.page, pageSize: query.pageSize }
}

function openToVisitors(row: ListingRow): boolean {
  return isPublishedStatus(row.standardStatus as StandardStatus) && OPEN_BY_LINK.includes(row.visibility as ListingVisibility)
}

/**
 * /property/{id}: a published listing that is public or unlisted, or any listing to the people who
 * manage it. The agent's e-mail and phone only go to signed-in visitors.
 */
export async function getPublicListing(db: Db, { viewer, id }: { viewer: User | null; id: string }): Promise<PublicListing> {
  if (!isUuid(id)) throw listingNotFound()
  const row = await findListing(db, id.toLowerCase())
  if (!row) throw listingNotFound()
  const canManage = viewer ? await isListingManager(db, { userId: viewer.uid, listingId: row.id }) : false
  if (!canManage && !openToVisitors(row)) throw listingNotFound()
  const noProfile = { image: null, website: null }
  const [media, agent] = await Promise.all([listMedia(db, row.id), row.listAgentUserId ? findAgentProfile(db, row.listAgentUserId) : Promise.resolve(noProfile)])
  const { firmLicenseNumber: _license, ...fields } = listingFieldsOf(row)
  return {
    ...identity(row),
    ...fields,
    // The same contact details as the agent card: for signed-in visitors only.
    ListAgentEmail: viewer ? row.listAgentEmail : null,
    ListAgentDirectPhone: viewer ? row.listAgentDirectPhone : null,
    Media: media.map(toMedia),
    listAgent: {
      name: row.listAgentFullName,
      email: viewer ? row.listAgentEmail : null,
      phone: viewer ? row.listAgentDirectPhone : null,
      photoURL: agent.image,
      office: row.listOfficeName,
      website: agent.website,
    },
    canManage,
  }
}

export type ShareMeta = { title: string; description: string; image: string | null; url: string; photo: string | null }

const PROPERTY_PATH = /^\/property\/([^/]+)\/?$/

/** The title, description and image a shared link to /property/{id} shows (Open Graph, Twitter card); null for any other page. */
export async function listingShareMeta(db: Db, { publicUrl, path }: { publicUrl: string; path: string }): Promise<ShareMeta | null> {
  const id = PROPERTY_PATH.exec(path)?.[1]
  if (!id || !isUuid(id)) return null
  const row = await findListing(db, id.toLowerCase())
  if (!row || !openToVisitors(row)) return null
  const media = await listMedia(db, row.id)
  const primary = media[0]
  const price = row.listPrice === null ? null : formatUsd(row.listPrice, 'en-US')
  const address = row.unparsedAddress || row.listingKey
  const facts = [
    row.bedroomsTotal === null ? null : `${row.bedroomsTotal} bd`,
    row.bathroomsTotalInteger === null ? null : `${row.bathroomsTotalInteger} ba`,
    row.livingArea === null ? null : `${row.livingArea.toLocaleString('en-US')} sq ft`,
  ].filter(Boolean)
  const remarks = row.publicRemarks?.trim() ?? ''
  const summary = [price, facts.join(', ')].filter(Boolean).join(' · ')
  const description = [summary, remarks.length > 200 ? `${remarks.slice(0, 197).trimEnd()}…` : remarks].filter(Boolean).join('. ')
  return {
    title: [address, price, 'Offerbook'].filter(Boolean).join(' | '),
    description: description || address,
    image: primary ? new URL(fileUrl(primary.fileId), publicUrl).href : null,
    url: new URL(`/property/${row.id}`, publicUrl).href,
    // The page's largest paint: the browser fetches it beside the scripts (static-spa.ts).
    photo: primary ? fileUrl(primary.fileId) : null,
  }
}
