import { randomUUID } from 'node:crypto'
import type {
  ListingSearchPage,
  ListingFieldName,
  ListingFields,
  ListingMedia,
  ListingNotify,
  ListingPatch,
  ListingSearch,
  ListingSettingsPatch,
  ListingSource,
  ListingSummary,
  ListingVisibility,
  ListingWeighting,
  ListingWizardStep,
  ManagedListing,
  MyListingsQuery,
  Page,
  PropertyType,
  PublicListing,
  PublishProblem,
  StandardStatus,
} from '@offerbook/domain/listing'
import {
  canChangeListingStatus,
  DEFAULT_SEARCH_STATUSES,
  isPublishedStatus,
  SEARCH_TOTAL_CAP,
  LISTING_LIMITS,
  LISTING_MESSAGES,
  ListingFieldsSchema,
  listingPublishProblems,
  REQUIRED_TO_PUBLISH,
  searchTsQuery,
  unparsedAddress,
} from '@offerbook/domain/listing'
import { formatUsd } from '@offerbook/domain/money'
import type { Role } from '@offerbook/domain/roles'
import { hasAnyRole } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import { cleanFileName, MESSAGES } from '@offerbook/domain/validation'
import type { FieldError } from '../../app-error'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { fileUrl, LISTING_PHOTO_PURPOSE, recordStoredFile, removeStoredObjects, sniffImageType } from '../files/files.service'
import type { ListingChanges, ListingRow, MediaRow, SummaryRow } from './listings.queries'
import {
  deleteDraftListing,
  deleteListingRow,
  deleteMedia,
  deleteUnusedFiles,
  findListing,
  findMediaByKey,
  findUserImage,
  insertListing,
  insertMedia,
  isListingManager,
  listManagedListings,
  listMedia,
  lockListing,
  searchPublicListings,
  updateListing,
  updateMedia,
} from './listings.queries'

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const AGENT_ROLES: readonly Role[] = ['SELLER_AGENT', 'BUYER_AGENT']
const OPEN_BY_LINK: readonly ListingVisibility[] = ['public', 'unlisted']

export type CleanupLog = (error: unknown, key: string) => void
const ignoreCleanupError: CleanupLog = () => {}

const notFound = () => new AppError('NOT_FOUND', LISTING_MESSAGES.listingNotFound)
const notYours = () => new AppError('FORBIDDEN', LISTING_MESSAGES.notYourListing)

// ---------------------------------------------------------------------------------------------
// Rows <-> RESO names

/** Each editable RESO field (or field of our own) and its column. */
const FIELD_COLUMNS = {
  ListPrice: 'listPrice',
  StreetNumber: 'streetNumber',
  StreetName: 'streetName',
  StreetSuffix: 'streetSuffix',
  UnitNumber: 'unitNumber',
  City: 'city',
  StateOrProvince: 'stateOrProvince',
  PostalCode: 'postalCode',
  CountyOrParish: 'countyOrParish',
  PropertyType: 'propertyType',
  BedroomsTotal: 'bedroomsTotal',
  BathroomsTotalInteger: 'bathroomsTotalInteger',
  LivingArea: 'livingArea',
  LotSizeAcres: 'lotSizeAcres',
  YearBuilt: 'yearBuilt',
  PublicRemarks: 'publicRemarks',
  ListAgentFullName: 'listAgentFullName',
  ListAgentEmail: 'listAgentEmail',
  ListAgentDirectPhone: 'listAgentDirectPhone',
  ListAgentMlsId: 'listAgentMlsId',
  ListOfficeName: 'listOfficeName',
  firmLicenseNumber: 'firmLicenseNumber',
  offerDeadline: 'offerDeadline',
  offerPreferences: 'offerPreferences',
  offerInstructions: 'offerInstructions',
} as const satisfies Record<ListingFieldName, keyof ListingRow>

const FIELD_NAMES = Object.keys(FIELD_COLUMNS) as ListingFieldName[]
const ADDRESS_FIELDS = ['StreetNumber', 'StreetName', 'StreetSuffix', 'UnitNumber', 'City', 'StateOrProvince', 'PostalCode'] as const satisfies readonly ListingFieldName[]

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null)

/** A stored listing's fields by their RESO names (and ours). */
export function listingFieldsOf(row: ListingRow): ListingFields {
  return {
    ListPrice: row.listPrice,
    StreetNumber: row.streetNumber,
    StreetName: row.streetName,
    StreetSuffix: row.streetSuffix,
    UnitNumber: row.unitNumber,
    City: row.city,
    StateOrProvince: row.stateOrProvince,
    PostalCode: row.postalCode,
    CountyOrParish: row.countyOrParish,
    PropertyType: row.propertyType as PropertyType | null,
    BedroomsTotal: row.bedroomsTotal,
    BathroomsTotalInteger: row.bathroomsTotalInteger,
    LivingArea: row.livingArea,
    LotSizeAcres: row.lotSizeAcres,
    YearBuilt: row.yearBuilt,
    PublicRemarks: row.publicRemarks,
    ListAgentFullName: row.listAgentFullName,
    ListAgentEmail: row.listAgentEmail,
    ListAgentDirectPhone: row.listAgentDirectPhone,
    ListAgentMlsId: row.listAgentMlsId,
    ListOfficeName: row.listOfficeName,
    firmLicenseNumber: row.firmLicenseNumber,
    offerDeadline: iso(row.offerDeadline),
    offerPreferences: row.offerPreferences,
    offerInstructions: row.offerInstructions,
  }
}

function toMedia(row: MediaRow): ListingMedia {
  return { id: row.id, MediaKey: row.mediaKey, MediaURL: fileUrl(row.fileId), Order: row.order, filename: row.filename }
}

function identity(row: Pick<ListingRow, 'id' | 'listingKey' | 'listingId' | 'standardStatus' | 'unparsedAddress' | 'modificationTimestamp'>) {
  return {
    id: row.id,
    ListingKey: row.listingKey,
    ListingId: row.listingId,
    StandardStatus: row.standardStatus as StandardStatus,
    UnparsedAddress: row.unparsedAddress,
    ModificationTimestamp: row.modificationTimestamp.toISOString(),
  }
}

function toManaged(row: ListingRow, media: readonly MediaRow[]): ManagedListing {
  return {
    ...identity(row),
    ...listingFieldsOf(row),
    Media: media.map(toMedia),
    ownerId: row.ownerId,
    listAgentUserId: row.listAgentUserId,
    visibility: row.visibility as ListingVisibility,
    notify: row.notify,
    weighting: row.weighting,
    draftStep: row.draftStep as ListingWizardStep | null,
    source: row.source as ListingSource,
    OriginatingSystemName: row.originatingSystemName,
    publishedAt: iso(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
  }
}

function toSummary(row: SummaryRow): ListingSummary {
  return {
    ...identity(row),
    ListPrice: row.listPrice,
    City: row.city,
    PostalCode: row.postalCode,
    PropertyType: row.propertyType as PropertyType | null,
    BedroomsTotal: row.bedroomsTotal,
    BathroomsTotalInteger: row.bathroomsTotalInteger,
    LivingArea: row.livingArea,
    primaryPhotoURL: row.primaryFileId ? fileUrl(row.primaryFileId) : null,
    offerDeadline: iso(row.offerDeadline),
    visibility: row.visibility as ListingVisibility,
    draftStep: row.draftStep as ListingWizardStep | null,
  }
}

/**
 * Blank text is no value: '' and null both clear a field (and fail the publish check alike). NUL
 * characters, which PostgreSQL text cannot hold and no form can type, are dropped.
 */
function blankToNull<T>(value: T): T | null {
  if (typeof value !== 'string') return value
  const text = value.replaceAll('\0', '')
  return (text.trim() === '' ? null : text) as T | null
}

/** The columns a patch sets; fields it leaves out stay as they are. */
function fieldChanges(patch: Partial<ListingFields>): ListingChanges {
  const changes: Record<string, unknown> = {}
  for (const name of FIELD_NAMES) {
    const value = patch[name]
    if (value === undefined) continue
    changes[FIELD_COLUMNS[name]] = name === 'offerDeadline' ? (value === null ? null : new Date(value as string)) : blankToNull(value)
  }
  return changes as ListingChanges
}

/**
 * The columns that fields of a listing set (a field left out stays as it is), with the one-line
 * address built from its parts for a new listing (`existing` null), when a part changes, or when
 * `rebuildAddress` asks. Used by the forms and by the MLS import.
 */
export function listingFieldColumns(existing: ListingRow | null, fields: Partial<ListingFields>, { rebuildAddress = false }: { rebuildAddress?: boolean } = {}): ListingChanges {
  const changes = fieldChanges(fields)
  const touched = ADDRESS_FIELDS.some((name) => FIELD_COLUMNS[name] in changes)
  if (existing && !touched && !rebuildAddress) return changes
  const merged = { ...(existing ?? {}), ...changes }
  return {
    ...changes,
    unparsedAddress: unparsedAddress({
      StreetNumber: merged.streetNumber,
      StreetName: merged.streetName,
      StreetSuffix: merged.streetSuffix,
      UnitNumber: merged.unitNumber,
      City: merged.city,
      StateOrProvince: merged.stateOrProvince,
      PostalCode: merged.postalCode,
    }),
  }
}

function badRequest(errors: FieldError[]): AppError {
  return new AppError('BAD_REQUEST', errors[0]?.message ?? MESSAGES.required, { errors })
}

/**
 * A deadline must be in the future when it is set; the same deadline sent again (a form re-saving
 * every field) is not a new choice and is kept even once it has passed.
 */
function checkOfferDeadline(deadline: string | null | undefined, current: Date | null, now: Date): void {
  if (deadline === undefined || deadline === null) return
  const time = new Date(deadline).getTime()
  if (current && current.getTime() === time) return
  if (time <= now.getTime()) throw badRequest([{ path: 'offerDeadline', message: LISTING_MESSAGES.offerDeadlinePast }])
}

function publishProblems(row: ListingRow, photoCount: number, now: Date): PublishProblem[] {
  const problems = listingPublishProblems({ ...listingFieldsOf(row), photoCount })
  if (row.offerDeadline && row.offerDeadline.getTime() <= now.getTime()) {
    problems.push({ path: 'offerDeadline', message: LISTING_MESSAGES.offerDeadlinePast, step: 'offer-settings' })
  }
  return problems
}

function refusePublishing(problems: readonly PublishProblem[]): void {
  if (problems.length > 0) throw badRequest(problems.map(({ path, message }) => ({ path, message })))
}

// ---------------------------------------------------------------------------------------------
// Access

/** Whether the user manages the listing: its owner, its listing agent, or their team (listings.queries managedByCondition). */
export async function managesListing(db: Db, user: Pick<User, 'uid'> | null, listingId: string): Promise<boolean> {
  if (!user || !UUID_PATTERN.test(listingId)) return false
  return isListingManager(db, { userId: user.uid, listingId: listingId.toLowerCase() })
}

/** The listing locked for a change by one of its managers: 404 when there is none, 403 when it is not theirs. */
async function lockManaged(tx: Db, actor: User, id: string): Promise<ListingRow> {
  if (!UUID_PATTERN.test(id)) throw notFound()
  const row = await lockListing(tx, id.toLowerCase())
  if (!row) throw notFound()
  if (!(await isListingManager(tx, { userId: actor.uid, listingId: row.id }))) throw notYours()
  return row
}

async function managedView(db: Db, row: ListingRow): Promise<ManagedListing> {
  return toManaged(row, await listMedia(db, row.id))
}

async function saved(db: Db, id: string, changes: ListingChanges): Promise<ListingRow> {
  const row = await updateListing(db, id, { ...changes, modificationTimestamp: new Date() })
  if (!row) throw notFound()
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
export async function createListing(db: Db, { actor, patch }: { actor: User; patch: ListingPatch }): Promise<ManagedListing> {
  const now = new Date()
  checkOfferDeadline(patch.offerDeadline, null, now)
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
  if (!UUID_PATTERN.test(id)) throw notFound()
  const row = await findListing(db, id.toLowerCase())
  if (!row) throw notFound()
  if (!(await isListingManager(db, { userId: actor.uid, listingId: row.id }))) throw notYours()
  return managedView(db, row)
}

/** Saves fields of a draft or of a published listing; a published listing keeps every field publishing requires. */
export async function editListing(db: Db, { actor, id, patch }: { actor: User; id: string; patch: ListingPatch }): Promise<ManagedListing> {
  return db.transaction(async (tx) => {
    const row = await lockManaged(tx, actor, id)
    const draft = row.standardStatus === 'Incomplete'
    if (!draft) {
      const cleared = REQUIRED_TO_PUBLISH.filter(({ field }) => field in patch && patch[field] !== undefined && blankToNull(patch[field]) === null)
      if (cleared.length > 0) throw badRequest(cleared.map(({ field }) => ({ path: field, message: MESSAGES.required })))
    }
    checkOfferDeadline(patch.offerDeadline, row.offerDeadline, new Date())
    const changes = listingFieldColumns(row, patch)
    if (draft && patch.draftStep) changes.draftStep = patch.draftStep
    return managedView(tx, await saved(tx, row.id, changes))
  })
}

/** Moves a draft to Active or Coming soon once nothing is missing. */
export async function publishListing(db: Db, { actor, id, status }: { actor: User; id: string; status: 'Active' | 'ComingSoon' }): Promise<ManagedListing> {
  return db.transaction(async (tx) => {
    const row = await lockManaged(tx, actor, id)
    if (row.standardStatus !== 'Incomplete') throw new AppError('CONFLICT', LISTING_MESSAGES.publishOnlyDraft)
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
      if (!canChangeListingStatus(from, to)) throw badRequest([{ path: 'StandardStatus', message: LISTING_MESSAGES.statusChange(from, to) }])
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
    if (row.standardStatus !== 'Incomplete') throw new AppError('CONFLICT', LISTING_MESSAGES.onlyDraftsDeleted)
    const media = await listMedia(tx, row.id)
    if (!(await deleteDraftListing(tx, row.id))) throw new AppError('CONFLICT', LISTING_MESSAGES.onlyDraftsDeleted)
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
  if (!UUID_PATTERN.test(listingId)) return false
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
// Photos

export type AttachListingPhotoInput = {
  listingId: string
  /** Who the stored file belongs to (the listing's owner, or the importing agent). */
  ownerId: string
  bytes: Buffer
  filename: string
  /** RESO MediaKey; a photo of this listing with the same key is replaced (its order kept unless one is given). */
  mediaKey?: string
  /** RESO Order; the next after the last photo when absent (the first photo is 0). */
  order?: number
  sourceUrl?: string | null
  sourceModificationTimestamp?: Date | null
  onCleanupError?: CleanupLog
}

/**
 * Stores a photo of a listing: checks its type by its bytes and its size, keeps the bytes under
 * listings/<listing id>/<file id>.<ext>, and records the file and the media row in one transaction,
 * bumping the listing's ModificationTimestamp. If the transaction fails, the stored bytes are removed.
 * Used by the upload endpoint and by the MLS import.
 */
export async function attachListingPhoto(db: Db, storage: FileStorage, input: AttachListingPhotoInput): Promise<ListingMedia> {
  const onCleanupError = input.onCleanupError ?? ignoreCleanupError
  if (input.bytes.length > LISTING_LIMITS.photoMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', LISTING_MESSAGES.photoTooLarge)
  const type = sniffImageType(input.bytes)
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', LISTING_MESSAGES.photoType)
  if (!UUID_PATTERN.test(input.listingId)) throw notFound()
  const listingId = input.listingId.toLowerCase()
  const fileId = randomUUID()
  const key = `listings/${listingId}/${fileId}.${type.extension}`
  const filename = cleanFileName(input.filename, `photo.${type.extension}`)
  await storage.put(key, input.bytes, { contentType: type.contentType, contentLength: input.bytes.length })

  let result: { media: ListingMedia; unusedKeys: string[] }
  try {
    result = await db.transaction(async (tx) => {
      const row = await lockListing(tx, listingId)
      if (!row) throw notFound()
      const existing = input.mediaKey === undefined ? null : await findMediaByKey(tx, { listingId, mediaKey: input.mediaKey })
      const media = existing ? [] : await listMedia(tx, listingId)
      if (!existing && media.length >= LISTING_LIMITS.maxPhotos) throw new AppError('BAD_REQUEST', LISTING_MESSAGES.tooManyPhotos)
      await recordStoredFile(tx, { id: fileId, ownerId: input.ownerId, key, purpose: LISTING_PHOTO_PURPOSE, filename, contentType: type.contentType, size: input.bytes.length })
      const source = {
        ...(input.sourceUrl === undefined ? {} : { sourceUrl: input.sourceUrl }),
        ...(input.sourceModificationTimestamp === undefined ? {} : { sourceModificationTimestamp: input.sourceModificationTimestamp }),
      }
      let attached: ListingMedia
      let unusedKeys: string[] = []
      if (existing) {
        const order = input.order ?? existing.order
        await updateMedia(tx, existing.id, { fileId, order, ...source })
        unusedKeys = await deleteUnusedFiles(tx, [existing.fileId])
        attached = { id: existing.id, MediaKey: existing.mediaKey, MediaURL: fileUrl(fileId), Order: order, filename }
      } else {
        const id = randomUUID()
        const order = input.order ?? media.reduce((next, item) => Math.max(next, item.order + 1), 0)
        const inserted = await insertMedia(tx, { id, listingId, fileId, mediaKey: input.mediaKey ?? id, order, ...source })
        attached = { id, MediaKey: inserted.mediaKey, MediaURL: fileUrl(fileId), Order: order, filename }
      }
      await saved(tx, listingId, {})
      return { media: attached, unusedKeys }
    })
  } catch (error) {
    await removeStoredObjects(storage, [key], onCleanupError)
    throw error
  }
  await removeStoredObjects(storage, result.unusedKeys, onCleanupError)
  return result.media
}

/**
 * The upload endpoint: one photo from one of the listing's managers. The photo is read only after
 * the access check, so nobody else's upload is taken in.
 */
export async function uploadListingPhoto(
  db: Db,
  storage: FileStorage,
  { actor, id, readPhoto, onCleanupError }: { actor: User; id: string; readPhoto: () => Promise<{ bytes: Buffer; filename: string }>; onCleanupError?: CleanupLog },
): Promise<ManagedListing> {
  const listing = await getManagedListing(db, { actor, id })
  const photo = await readPhoto()
  await attachListingPhoto(db, storage, { listingId: listing.id, ownerId: listing.ownerId, bytes: photo.bytes, filename: photo.filename, ...(onCleanupError ? { onCleanupError } : {}) })
  return getManagedListing(db, { actor, id: listing.id })
}

/** Gives the photos the orders 0..n-1 in the order they are listed. */
async function renumber(tx: Db, media: readonly MediaRow[], orderedIds: readonly string[]): Promise<void> {
  const current = new Map(media.map((item) => [item.id, item.order]))
  for (const [order, id] of orderedIds.entries()) {
    if (current.get(id) !== order) await updateMedia(tx, id, { order })
  }
}

/** The new order of every photo; the first becomes the primary photo. */
export async function reorderListingPhotos(db: Db, { actor, id, mediaIds }: { actor: User; id: string; mediaIds: readonly string[] }): Promise<ManagedListing> {
  return db.transaction(async (tx) => {
    const row = await lockManaged(tx, actor, id)
    const media = await listMedia(tx, row.id)
    const known = new Set(media.map((item) => item.id))
    const given = mediaIds.map((mediaId) => mediaId.toLowerCase())
    const permutation = given.length === media.length && new Set(given).size === given.length && given.every((mediaId) => known.has(mediaId))
    if (!permutation) throw badRequest([{ path: 'mediaIds', message: LISTING_MESSAGES.photoOrder }])
    await renumber(tx, media, given)
    return managedView(tx, await saved(tx, row.id, {}))
  })
}

/**
 * Removes one photo; the others close up, and its bytes go once nothing uses them. A published
 * listing keeps at least one photo, as publishing asked for one.
 */
export async function removeListingPhoto(
  db: Db,
  storage: FileStorage,
  { actor, id, mediaId, onCleanupError = ignoreCleanupError }: { actor: User; id: string; mediaId: string; onCleanupError?: CleanupLog },
): Promise<ManagedListing> {
  const { listing, keys } = await db.transaction(async (tx) => {
    const row = await lockManaged(tx, actor, id)
    return removePhotosOf(
      tx,
      row,
      (media) => {
        const chosen = media.filter((item) => item.id === mediaId.toLowerCase())
        if (chosen.length > 0 && media.length === 1 && row.standardStatus !== 'Incomplete') throw badRequest([{ path: 'Media', message: LISTING_MESSAGES.needsPhoto }])
        return chosen
      },
      () => new AppError('NOT_FOUND', LISTING_MESSAGES.photoNotFound),
    )
  })
  await removeStoredObjects(storage, keys, onCleanupError)
  return listing
}

/**
 * Removes photos of a listing without asking who manages it, for the MLS import: all of them, or
 * those whose MediaKey is listed. Returns how many went.
 */
export async function removeListingPhotos(
  db: Db,
  storage: FileStorage,
  { listingId, mediaKeys, onCleanupError = ignoreCleanupError }: { listingId: string; mediaKeys?: readonly string[]; onCleanupError?: CleanupLog },
): Promise<number> {
  if (!UUID_PATTERN.test(listingId)) return 0
  const outcome = await db.transaction(async (tx) => {
    const row = await lockListing(tx, listingId.toLowerCase())
    if (!row) return null
    let removed = 0
    const result = await removePhotosOf(tx, row, (media) => {
      const chosen = mediaKeys ? media.filter((item) => mediaKeys.includes(item.mediaKey)) : [...media]
      removed = chosen.length
      return chosen
    })
    return { ...result, removed }
  })
  if (!outcome) return 0
  await removeStoredObjects(storage, outcome.keys, onCleanupError)
  return outcome.removed
}

async function removePhotosOf(
  tx: Db,
  row: ListingRow,
  choose: (media: readonly MediaRow[]) => MediaRow[],
  noneChosen?: () => AppError,
): Promise<{ listing: ManagedListing; keys: string[] }> {
  const media = await listMedia(tx, row.id)
  const chosen = choose(media)
  if (chosen.length === 0) {
    if (noneChosen) throw noneChosen()
    return { listing: toManaged(row, media), keys: [] }
  }
  for (const item of chosen) await deleteMedia(tx, { listingId: row.id, mediaId: item.id })
  const gone = new Set(chosen.map((item) => item.id))
  const remaining = media.filter((item) => !gone.has(item.id))
  await renumber(
    tx,
    remaining,
    remaining.map((item) => item.id),
  )
  const keys = await deleteUnusedFiles(
    tx,
    chosen.map((item) => item.fileId),
  )
  return { listing: await managedView(tx, await saved(tx, row.id, {})), keys }
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
    tsQuery: listingTsQuery(query.q),
    statuses: query.status,
    page: query.page,
    pageSize: query.pageSize,
  })
  return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize }
}

/** Public search: listings anyone can find (visibility public, a searchable status). */
export async function searchListings(db: Db, { query }: { query: ListingSearch }): Promise<ListingSearchPage> {
  const { rows, total } = await searchPublicListings(db, {
    tsQuery: listingTsQuery(query.q),
    statuses: query.status ?? DEFAULT_SEARCH_STATUSES,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    minBeds: query.minBeds,
    minBaths: query.minBaths,
    types: query.type,
    sort: query.sort,
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
  if (!UUID_PATTERN.test(id)) throw notFound()
  const row = await findListing(db, id.toLowerCase())
  if (!row) throw notFound()
  const canManage = viewer ? await isListingManager(db, { userId: viewer.uid, listingId: row.id }) : false
  if (!canManage && !openToVisitors(row)) throw notFound()
  const [media, agentImage] = await Promise.all([listMedia(db, row.id), row.listAgentUserId ? findUserImage(db, row.listAgentUserId) : Promise.resolve(null)])
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
      photoURL: agentImage,
      office: row.listOfficeName,
    },
    canManage,
  }
}

export type ShareMeta = { title: string; description: string; image: string | null; url: string }

const PROPERTY_PATH = /^\/property\/([^/]+)\/?$/

/** The title, description and image a shared link to /property/{id} shows (Open Graph, Twitter card); null for any other page. */
export async function listingShareMeta(db: Db, { publicUrl, path }: { publicUrl: string; path: string }): Promise<ShareMeta | null> {
  const id = PROPERTY_PATH.exec(path)?.[1]
  if (!id || !UUID_PATTERN.test(id)) return null
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
  }
}
