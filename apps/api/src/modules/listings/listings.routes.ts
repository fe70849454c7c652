import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pageRoles } from '@offerbook/domain/roles'
import {
  LISTING_CREATOR_ROLES,
  LISTING_LIMITS,
  LISTING_MANAGER_ROLES,
  ListingPatchSchema,
  ListingSearchPageSchema,
  ListingSearchSchema,
  ListingSettingsPatchSchema,
  ListingSummarySchema,
  ListingWeightingSchema,
  ManagedListingSchema,
  MyListingsQuerySchema,
  MyListingsScreenSchema,
  pageOf,
  PUBLISH_STATUSES,
  PublicListingSchema,
} from '@offerbook/domain/listing'
import type { Db } from '../../db/client'
import type { UploadMessages } from '../../http/multipart-upload'
import { sendKept } from '../../http/kept-answer'
import { readSingleFile } from '../../http/multipart-upload'
import { signedIn } from '../../http/signed-in'
import type { FileStorage } from '../../storage/storage'
import type { CleanupLog } from '../files/files.service'
import { removeListingPhoto, reorderListingPhotos, uploadListingPhoto } from './listings-photos.service'
import { changeListingSettings, changeListingWeighting, createListing, deleteDraft, editListing, getManagedListing, getPublicListing, listMyListings, myListingsScreen, publishListing } from './listings.service'
import type { ListingSearchEngine } from './listing-search.service'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

export type ListingsRoutesOptions = { db: Db; storage: FileStorage; publicUrl: string; search: ListingSearchEngine }

const ListingParamsSchema = z.object({ id: z.string() })
const MediaParamsSchema = z.object({ id: z.string(), mediaId: z.string() })
const ManagedListingResponseSchema = z.object({ listing: ManagedListingSchema })
const ListingPageSchema = pageOf(ListingSummarySchema)
const PublishListingSchema = z.object({ StandardStatus: z.enum(PUBLISH_STATUSES).optional() }).nullish()
const ReorderListingPhotosSchema = z.object({
  mediaIds: z
    .array(z.string({ error: 'listing.photoOrder' }).max(100, 'listing.photoOrder'), { error: 'listing.photoOrder' })
    .max(LISTING_LIMITS.maxPhotos, 'listing.photoOrder'),
})

const PHOTO_FIELD = 'photo'

const PHOTO_UPLOAD_MESSAGES: UploadMessages = {
  tooLarge: 'listing.photoTooLarge',
  notMultipart: 'listing.photoNotMultipart',
  onlyOne: 'listing.photoOnlyOne',
  missing: 'listing.photoMissing',
}

function cleanupLog(request: FastifyRequest): CleanupLog {
  return (error, key) => request.log.warn({ err: error, key }, 'could not remove a listing photo from the file storage')
}

/** One listing's endpoints serve the add-listing wizard and the /my-properties pages. */
const LISTING_PAGES_ROLES = pageRoles('addListing', 'myProperties')

export const listingsRoutes: FastifyPluginAsyncZod<ListingsRoutesOptions> = async (app, { db, storage, search }) => {
  app.post(
    '/api/listings',
    routeOptions(LISTING_CREATOR_ROLES, 'listings', "Start a new listing (a draft, StandardStatus Incomplete); an agent's own details fill the listing agent fields", {
      body: ListingPatchSchema,
      response: { 201: ManagedListingResponseSchema, ...errors(400, 401, 403) },
    }),
    async (request, reply) => reply.code(201).send({ listing: await createListing(db, { actor: signedIn(request.user), patch: request.body }) }),
  )

  app.get(
    '/api/listings/mine',
    routeOptions(LISTING_MANAGER_ROLES, 'listings', 'The listings the caller manages (drafts too), last modified first', {
      querystring: MyListingsQuerySchema,
      response: { 200: ListingPageSchema, ...errors(400, 401, 403) },
    }),
    async (request) => listMyListings(db, { actor: signedIn(request.user), query: request.query }),
  )

  app.get(
    '/api/listings/mine/screen',
    routeOptions(LISTING_MANAGER_ROLES, 'listings', "/my-properties/list's first screen in one answer: the page /api/listings/mine answers and each status group's count", {
      querystring: MyListingsQuerySchema,
      response: { 200: MyListingsScreenSchema, ...errors(400, 401, 403) },
    }),
    async (request) => myListingsScreen(db, { actor: signedIn(request.user), query: request.query }),
  )

  app.get(
    '/api/listings/:id',
    routeOptions(LISTING_PAGES_ROLES, 'listings', 'One listing as its owner, listing agent or their team see and edit it', {
      params: ListingParamsSchema,
      response: { 200: ManagedListingResponseSchema, ...errors(401, 403, 404) },
    }),
    async (request) => ({ listing: await getManagedListing(db, { actor: signedIn(request.user), id: request.params.id }) }),
  )

  app.patch(
    '/api/listings/:id',
    routeOptions(LISTING_PAGES_ROLES, 'listings', 'Change fields of a listing; a published listing keeps every field publishing requires', {
      params: ListingParamsSchema,
      body: ListingPatchSchema,
      response: { 200: ManagedListingResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({ listing: await editListing(db, { actor: signedIn(request.user), id: request.params.id, patch: request.body }) }),
  )

  app.post(
    '/api/listings/:id/publish',
    routeOptions(LISTING_PAGES_ROLES, 'listings', 'Publish a draft as Active (the default) or ComingSoon; refused with every missing field when it is not complete', {
      params: ListingParamsSchema,
      body: PublishListingSchema,
      response: { 200: ManagedListingResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => ({
      listing: await publishListing(db, { actor: signedIn(request.user), id: request.params.id, status: request.body?.StandardStatus ?? 'Active' }),
    }),
  )

  app.put(
    '/api/listings/:id/photos/order',
    routeOptions(LISTING_PAGES_ROLES, 'listings', 'Put the photos in a new order: every media id of the listing once; the first is the primary photo', {
      params: ListingParamsSchema,
      body: ReorderListingPhotosSchema,
      response: { 200: ManagedListingResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({ listing: await reorderListingPhotos(db, { actor: signedIn(request.user), id: request.params.id, mediaIds: request.body.mediaIds }) }),
  )

  app.delete(
    '/api/listings/:id/photos/:mediaId',
    routeOptions(LISTING_PAGES_ROLES, 'listings', 'Remove one photo of a listing', {
      params: MediaParamsSchema,
      response: { 200: ManagedListingResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({
      listing: await removeListingPhoto(db, storage, { actor: signedIn(request.user), id: request.params.id, mediaId: request.params.mediaId, onCleanupError: cleanupLog(request) }),
    }),
  )

  app.patch(
    '/api/listings/:id/settings',
    routeOptions(LISTING_PAGES_ROLES, 'listings', 'Change the status (as the transition table allows), offer deadline, notifications or visibility', {
      params: ListingParamsSchema,
      body: ListingSettingsPatchSchema,
      response: { 200: ManagedListingResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({ listing: await changeListingSettings(db, { actor: signedIn(request.user), id: request.params.id, patch: request.body }) }),
  )

  app.put(
    '/api/listings/:id/weighting',
    routeOptions(LISTING_PAGES_ROLES, 'listings', "The seller's offer weights and costs", {
      params: ListingParamsSchema,
      body: ListingWeightingSchema,
      response: { 200: ManagedListingResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    async (request) => ({ listing: await changeListingWeighting(db, { actor: signedIn(request.user), id: request.params.id, weighting: request.body }) }),
  )

  app.delete(
    '/api/listings/:id',
    routeOptions(LISTING_PAGES_ROLES, 'listings', 'Delete a draft with its photos (a published listing is withdrawn or canceled instead)', {
      params: ListingParamsSchema,
      response: { 204: z.null(), ...errors(401, 403, 404, 409) },
    }),
    async (request, reply) => {
      await deleteDraft(db, storage, { actor: signedIn(request.user), id: request.params.id, onCleanupError: cleanupLog(request) })
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/api/properties',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['listings'],
        summary: 'Search the public listings: words of the address, city, ZIP or MLS number (the last word as a prefix), filters, sorts, pages',
        querystring: ListingSearchSchema,
        response: { 200: ListingSearchPageSchema, ...errors(400) },
      },
      // An anonymous GET of a URL answered before, with nothing changed since, gets that page's bytes
      // here, before its query is parsed and validated, compressed once for all its readers; the onSend
      // hooks (ETag, 304, Cache-Control) still apply as to any answer.
      onRequest: async (request, reply) => {
        if (request.method !== 'GET' || request.headers.authorization !== undefined || request.headers.cookie !== undefined) return
        const page = search.answered(request.url)
        if (!page) return
        // Returned once sent, in the client's encoding made once for this page: Fastify runs no later hook and no handler for it.
        return sendKept(request, reply.header('etag', page.etag), page)
      },
    },
    // The answer comes serialized from the index (or its cache), with its ETag.
    async (request, reply) => {
      // While the index first loads (SQL answers meanwhile) the answer says so: the bench waits for it.
      if (!search.ready) void reply.header('x-search-index', 'loading')
      const answer = await search.search(request.query, { url: request.url })
      return sendKept(request, reply.header('etag', answer.etag), answer.page)
    },
  )

  app.get(
    '/api/properties/:id',
    routeOptions('public', 'listings', "A listing's public page; the agent's e-mail and phone only for signed-in visitors", {
      params: ListingParamsSchema,
      response: { 200: z.object({ property: PublicListingSchema }), ...errors(404) },
    }, { publicCache: true }),
    async (request) => ({ property: await getPublicListing(db, { viewer: request.user, id: request.params.id }) }),
  )

  // Multipart is parsed in this scope only, so every other route still takes JSON alone.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: LISTING_LIMITS.photoMaxBytes, files: 1, fields: 0 } })
    const upload = scope.withTypeProvider<ZodTypeProvider>()
    upload.post(
      '/api/listings/:id/photos',
      routeOptions(LISTING_PAGES_ROLES, 'listings', 'Add one photo to a listing (multipart/form-data, one file field "photo": JPEG, PNG or WebP, at most 10 MB; at most 50 photos)', {
        consumes: ['multipart/form-data'],
        params: ListingParamsSchema,
        response: { 201: ManagedListingResponseSchema, ...errors(400, 401, 403, 404, 413, 415) },
      }),
      async (request, reply) => {
        const listing = await uploadListingPhoto(db, storage, {
          actor: signedIn(request.user),
          id: request.params.id,
          readPhoto: () => readSingleFile(request, { field: PHOTO_FIELD, messages: PHOTO_UPLOAD_MESSAGES }),
          onCleanupError: cleanupLog(request),
        })
        return reply.code(201).send({ listing })
      },
    )
  })
}
