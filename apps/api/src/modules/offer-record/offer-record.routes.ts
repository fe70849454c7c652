import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ContractTimelineViewSchema } from '@offerbook/domain/contract-timeline-view'
import { LedgerVerificationSchema, OfferRecordSchema } from '@offerbook/domain/offer-record'
import { dateInZone } from '@offerbook/domain/property-time'
import { PAGE_ROLES, pageRoles } from '@offerbook/domain/roles'
import type { Db } from '../../db/client'
import { contentDisposition } from '../../http/content-disposition'
import { signedIn } from '../../http/signed-in'
import type { FileStorage } from '../../storage/storage'
import { feedCalendar, getFeed, offerCalendar, regenerateFeed, revokeFeed } from './calendar.service'
import { runHeavy } from '../../workers/heavy-pool'
import { offerRecordCsv } from './offer-record-export'
import { getOfferRecord, getOfferRecordEntries } from './offer-record.service'
import { offerTimeline } from './timeline.service'
import { openTransactionFile } from './transaction-file'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

export type OfferRecordRoutesOptions = { db: Db; storage: FileStorage; publicUrl: string }

const ListingParamsSchema = z.object({ id: z.string() })
const OfferParamsSchema = z.object({ id: z.string() })
const FeedParamsSchema = z.object({ file: z.string().max(200) })
const RecordResponseSchema = z.object({ record: OfferRecordSchema, verification: LedgerVerificationSchema })
const FeedStateSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() })
const FeedCreatedSchema = z.object({ url: z.string(), createdAt: z.string() })

const download = (description: string) => z.any().describe(description)

/** Parties of a listing: its seller side, and buyer sides with an offer on it (the service tells which). */
const PARTIES = PAGE_ROLES.signedIn
/** The parties, and principal brokers, who read their agents' contract timelines (decision 067). */
const TIMELINE_READERS = pageRoles('signedIn', 'manageTeam')

export const offerRecordRoutes: FastifyPluginAsyncZod<OfferRecordRoutesOptions> = async (app, { db, storage, publicUrl }) => {
  const recordFilename = (address: string | null, timeZone: string, extension: string) => `Offer-record-${(address ?? 'listing').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${dateInZone(new Date(), timeZone)}.${extension}`

  app.get(
    '/api/listings/:id/offer-record',
    routeOptions(PARTIES, 'offer record', "The listing's offer record: who was told what and when, hash-chained, with the chain's verification (seller side: every entry; a buyer side: its own offers' entries)", {
      params: ListingParamsSchema,
      response: { 200: RecordResponseSchema, ...errors(404) },
    }),
    async (request) => getOfferRecord(db, { viewer: signedIn(request.user), listingId: request.params.id }),
  )

  app.get(
    '/api/listings/:id/offer-record.csv',
    routeOptions(PARTIES, 'offer record', "The listing's offer record as CSV (the entries the viewer may see)", {
      params: ListingParamsSchema,
      response: { 200: download('CSV, UTF-8 with a byte-order mark'), ...errors(404) },
    }),
    async (request, reply) => {
      const record = await getOfferRecordEntries(db, { viewer: signedIn(request.user), listingId: request.params.id })
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(recordFilename(record.address, record.timeZone, 'csv')))
        .header('cache-control', 'private, no-store')
        .send(offerRecordCsv(record.entries, record.timeZone))
    },
  )

  app.get(
    '/api/listings/:id/offer-record.pdf',
    routeOptions(PARTIES, 'offer record', "The listing's offer record as PDF, with the chain's verification", {
      params: ListingParamsSchema,
      response: { 200: download('The PDF'), ...errors(404) },
    }),
    async (request, reply) => {
      const { record, verification } = await getOfferRecord(db, { viewer: signedIn(request.user), listingId: request.params.id })
      const pdf = await runHeavy('offerRecordPdf', { entries: record.entries, address: record.address ?? '', timeZone: record.timeZone, verification, now: new Date() })
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(recordFilename(record.address, record.timeZone, 'pdf')))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf))
    },
  )

  app.get(
    '/api/offers/:id/transaction-file',
    routeOptions(PARTIES, 'offer record', "The offer's transaction file: one ZIP with its terms, documents, signing packets, events and a manifest of SHA-256 hashes (its buyer side, its listing's seller side)", {
      params: OfferParamsSchema,
      response: { 200: download('The ZIP, streamed'), ...errors(404) },
    }),
    async (request, reply) => {
      const file = await openTransactionFile(db, storage, { viewer: signedIn(request.user), offerId: request.params.id })
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.stream)
    },
  )

  app.get(
    '/api/offers/:id/calendar',
    routeOptions(PARTIES, 'offer record', "The offer's deadlines as iCalendar: its expiration and the dates that follow from the Binding Agreement Date", {
      params: OfferParamsSchema,
      response: { 200: download('text/calendar'), ...errors(404) },
    }),
    async (request, reply) => {
      const viewer = signedIn(request.user)
      const ics = await offerCalendar(db, { viewer, offerId: request.params.id, publicUrl })
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', contentDisposition(`Offer-deadlines-${request.params.id.slice(0, 8)}.ics`))
        .header('cache-control', 'private, no-store')
        .send(ics)
    },
  )

  app.get(
    '/api/offers/:id/timeline',
    routeOptions(TIMELINE_READERS, 'offer record', "The contract's timeline once binding: each item's last day in the property's time zone, its owner, what happens if nobody acts, and its state now (upcoming, due soon, missed, done). The contract's parties and their teams, and the principal broker of an agent on either side once it is a contract, all read-only; no items before the Binding Agreement Date", {
      params: OfferParamsSchema,
      response: { 200: ContractTimelineViewSchema, ...errors(404) },
    }),
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await offerTimeline(db, { viewer: signedIn(request.user), offerId: request.params.id })),
  )

  app.get(
    '/api/me/calendar-feed',
    routeOptions(PAGE_ROLES.signedIn, 'offer record', 'Whether the user has a private calendar subscription URL, and since when', { response: { 200: FeedStateSchema } }),
    async (request) => getFeed(db, signedIn(request.user)),
  )

  app.post(
    '/api/me/calendar-feed',
    routeOptions(PAGE_ROLES.signedIn, 'offer record', 'Makes a new private calendar subscription URL (shown once); the previous one stops working', {
      response: { 201: FeedCreatedSchema },
    }),
    async (request, reply) => reply.code(201).send(await regenerateFeed(db, signedIn(request.user), publicUrl)),
  )

  app.delete(
    '/api/me/calendar-feed',
    routeOptions(PAGE_ROLES.signedIn, 'offer record', 'Turns the private calendar subscription URL off: it answers 404 from now on', { response: { 204: z.null().describe('Turned off') } }),
    async (request, reply) => {
      await revokeFeed(db, signedIn(request.user))
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/api/calendar/:file',
    routeOptions('public', 'offer record', "A user's private calendar feed (<token>.ics), followed by calendar apps without a session; a revoked token answers 404", {
      params: FeedParamsSchema,
      response: { 200: download('text/calendar'), ...errors(404) },
    }),
    async (request, reply) => {
      const ics = await feedCalendar(db, { file: request.params.file, publicUrl })
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(ics)
    },
  )
}
