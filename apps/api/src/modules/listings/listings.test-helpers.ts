import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { ApiError } from '@offerbook/domain/api-error'
import type { ListingPatch, ManagedListing } from '@offerbook/domain/listing'
import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import { messageText } from '@offerbook/domain/messages'
import type { Role } from '@offerbook/domain/roles'
import type { TestApp, TestAppOptions } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { perFile } from '../../../test/per-file'
import { createFileStorage } from '../../storage/create-file-storage'
import type { FileStorage } from '../../storage/storage'
import { bearer, createUser, signIn } from '../../../test/factories'
import { storedFile } from '../../db/schema/files'
import { teamMember, teamMemberListing } from '../../db/schema/listings'
import { makePng, multipart } from '../files/files.test-helpers'

/**
 * A real baseline JPEG of 8 x 8 mid-grey pixels, built here: one quantisation table, one Huffman
 * table each for DC and AC with a single one-bit code, and one block whose DC difference is 0 and
 * whose AC coefficients end at once.
 */
export function makeJpeg(): Buffer {
  const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]
  const oneCodeTable = (tableClass: number) => [tableClass << 4, 1, ...Array<number>(15).fill(0), 0x00]
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    ...segment(0xdb, [0x00, ...Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneCodeTable(0)),
    ...segment(0xc4, oneCodeTable(1)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    // DC code 0, AC end-of-block code 0, then padding with ones.
    0b00111111,
    0xff,
    0xd9,
  ])
}

export type Signed = { id: string; email: string; headers: { authorization: string } }

/** A test app whose files live in a temporary folder of its own, with a storage reading that folder as the app does. */
export type ListingsTestApp = TestApp & { files: string; storage: FileStorage; closeAll: () => Promise<void> }

export async function listingsTestApp(options: TestAppOptions = {}): Promise<ListingsTestApp> {
  const files = await mkdtemp(join(tmpdir(), 'offerbook-listings-test-'))
  const t = await buildTestApp({ ...options, config: { storage: { kind: 'disk', directory: files }, ...options.config } })
  return {
    ...t,
    files,
    storage: createFileStorage({ kind: 'disk', directory: files }),
    closeAll: async () => {
      await t.close()
      await rm(files, { recursive: true, force: true })
    },
  }
}

/** The listings test app of a file, built before its tests and closed (its files folder too) after them. */
export function useListingsTestApp(options: TestAppOptions = {}): ListingsTestApp {
  return perFile(
    () => listingsTestApp(options),
    (t) => t.closeAll(),
  )
}

export async function signedInUser(t: TestApp, roles: Role[], options: { name?: string } = {}): Promise<Signed> {
  const created = await createUser(t, { roles, ...options })
  const { accessToken } = await signIn(t.app, created.email, created.password)
  return { id: created.id, email: created.email, headers: bearer(accessToken) }
}

/** Every field publishing needs, as the wizard would send them. */
export const COMPLETE_FIELDS = {
  ListPrice: 425_000,
  StreetNumber: '742',
  StreetName: 'Evergreen',
  StreetSuffix: 'Terrace',
  City: 'Franklin',
  StateOrProvince: 'TN',
  PostalCode: '37064',
  PropertyType: 'Residential',
  BedroomsTotal: 4,
  BathroomsTotalInteger: 3,
  LivingArea: 2400,
  ListAgentFullName: 'Alex Agent',
  ListAgentEmail: 'alex.agent@example.com',
} as const satisfies ListingPatch

export function call(t: TestApp, who: Signed | null, options: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(who?.headers ?? {}) } })
}

export async function newListing(t: TestApp, who: Signed, patch: ListingPatch = {}): Promise<ManagedListing> {
  const response = await call(t, who, { method: 'POST', url: '/api/listings', payload: patch })
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`)
  return response.json<{ listing: ManagedListing }>().listing
}

export async function uploadPhoto(t: TestApp, who: Signed | null, listingId: string, bytes: Buffer = makePng(2, 2, [10, 120, 200]), filename = 'photo.png'): Promise<LightMyRequestResponse> {
  const form = await multipart([{ name: 'photo', value: bytes, filename, type: 'image/png' }])
  return call(t, who, { method: 'POST', url: `/api/listings/${listingId}/photos`, payload: form.payload, headers: form.headers })
}

/** A draft with every required field and one photo: ready to publish. */
export async function readyDraft(t: TestApp, who: Signed, patch: ListingPatch = {}): Promise<ManagedListing> {
  const draft = await newListing(t, who, { ...COMPLETE_FIELDS, ...patch })
  const uploaded = await uploadPhoto(t, who, draft.id)
  if (uploaded.statusCode !== 201) throw new Error(`upload failed: ${uploaded.statusCode} ${uploaded.body}`)
  return uploaded.json<{ listing: ManagedListing }>().listing
}

export async function publishedListing(t: TestApp, who: Signed, patch: ListingPatch = {}): Promise<ManagedListing> {
  const draft = await readyDraft(t, who, patch)
  const response = await call(t, who, { method: 'POST', url: `/api/listings/${draft.id}/publish`, payload: {} })
  if (response.statusCode !== 200) throw new Error(`publish failed: ${response.statusCode} ${response.body}`)
  return response.json<{ listing: ManagedListing }>().listing
}

export async function joinTeam(t: TestApp, { leaderId, memberId, access, listingIds = [] }: { leaderId: string; memberId: string; access: 'all' | 'designated'; listingIds?: string[] }): Promise<void> {
  await t.db.insert(teamMember).values({ leaderId, memberId, access })
  if (listingIds.length > 0) await t.db.insert(teamMemberListing).values(listingIds.map((listingId) => ({ leaderId, memberId, listingId })))
}

/** An id no listing has. */
export const MISSING_ID = '3f1c2a4e-9b7d-4c2e-8a1f-0d9e8c7b6a55'

export const managed = (response: { json: <T>() => T }) => response.json<{ listing: ManagedListing }>().listing
/** Where a listing photo's file is kept in storage, from the photo's MediaURL. */
export async function storageKeyOf(t: TestApp, mediaURL: string): Promise<string> {
  const [row] = await t.db.select({ key: storedFile.key }).from(storedFile).where(eq(storedFile.id, mediaURL.split('/').pop()!))
  return row!.key
}
export const apiError = (response: { json: <T>() => T }) => response.json<ApiError>()

/** What an answer says: the catalogue key, its parameters and the English text the spec words. */
export function said(key: MessageKey, params?: MessageParams): { key: MessageKey; params?: MessageParams; message: string } {
  return params ? { key, params, message: messageText(key, params) } : { key, message: messageText(key) }
}
