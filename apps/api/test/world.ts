import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { ManagedListing } from '@offerbook/domain/listing'
import type { OfferAttachment } from '@offerbook/domain/offer'
import type { ImportPreview } from '@offerbook/domain/listing-import'
import type { Role } from '@offerbook/domain/roles'
import { ROLES } from '@offerbook/domain/roles'
import type { PacketView } from '@offerbook/domain/signing'
import type { User } from '@offerbook/domain/user'
import { session } from '../src/db/schema/auth'
import { listing as listingTable } from '../src/db/schema/listings'
import { notification } from '../src/db/schema/offers'
import { makePng, multipart } from '../src/modules/files/files.test-helpers'
import { newListing, publishedListing } from '../src/modules/listings/listings.test-helpers'
import { acceptedOffer, partiesAsSigners, pdfWithPages, sendOffer, signingLinks, uploadForm } from '../src/modules/signing/signing.test-helpers'
import type { TestApp, TestAppOptions } from './build-test-app'
import { buildTestApp } from './build-test-app'
import type { CreatedUser } from './factories'
import { bearer, createTestListing, createTestOffer, createUser, signIn } from './factories'

/** A user with a bearer token of their own. */
export type Actor = CreatedUser & { label: string; headers: { authorization: string } }

/**
 * The objects the reliability suite aims at, all owned by two users (a seller agent and a buyer) who
 * make no calls of their own in the authorization matrix: listings, offers, a share link, an
 * attachment, a notification, an import job, a profile photo, signing packets and signer links.
 */
export type WorldIds = {
  /** A published listing with one photo (mediaId), made through the API. */
  publishedListingId: string
  mediaId: string
  /** The stored file of that photo (/api/files/{id}). */
  mediaFileId: string
  draftListingId: string
  /** The listing of the accepted deal. */
  dealListingId: string
  draftOfferId: string
  activeOfferId: string
  /** The share link of the active offer (valid for a day). */
  shareToken: string
  acceptedOfferId: string
  /** A PDF attached by the buyer to the active offer. */
  attachmentId: string
  /** The seller's notification of the offer shared through the API. */
  notificationId: string
  /** The seller's pending RESO file import. */
  importJobId: string
  /** The seller's profile photo (/api/files/{id}). */
  photoFileId: string
  /** The purchase and sale agreement's packet out for signature on the accepted offer, and a draft form packet. */
  sentPacketId: string
  draftPacketId: string
  signers: { signerId: string; token: string }[]
  /** The id of the seller's signed-in session (a device, in /api/sessions). */
  sellerSessionId: string
}

export type World = {
  t: TestApp
  seller: Actor
  buyer: Actor
  /** One signed-in stranger per role, none of whom owns anything in `ids`. */
  strangers: Record<Role, Actor>
  ids: WorldIds
  close: () => Promise<void>
}

async function actorOf(t: TestApp, user: CreatedUser, label: string): Promise<Actor> {
  const { accessToken } = await signIn(t.app, user.email, user.password)
  return { ...user, label, headers: bearer(accessToken) }
}

function expectStatus(response: { statusCode: number; body: string }, status: number, what: string): void {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`)
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

export function resoRecord(n: number) {
  return {
    ListingKey: `world-${n}`,
    ListingId: `W${n}`,
    StandardStatus: 'Active',
    ListPrice: 300000 + n * 1000,
    StreetNumber: String(100 + n),
    StreetName: 'Church',
    StreetSuffix: 'St',
    City: 'Nashville',
    StateOrProvince: 'TN',
    PostalCode: '37201',
    PropertyType: 'Residential',
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    ModificationTimestamp: '2024-07-01T10:00:00Z',
  }
}

/** The test app (files in a folder of its own) with the world built through the API and the factories. */
export async function buildWorld(options: Pick<TestAppOptions, 'config' | 'extend'> = {}): Promise<World> {
  const files = await mkdtemp(join(tmpdir(), 'offerbook-world-'))
  const t = await buildTestApp({ ...options, config: { storage: { kind: 'disk', directory: files }, ...options.config } })

  // The accepted deal: its seller agent and buyer are the owners of everything below.
  const deal = await acceptedOffer(t)
  const seller = await actorOf(t, deal.seller, 'owner SELLER_AGENT')
  const buyer = await actorOf(t, deal.buyer, 'owner BUYER_SIMPLE')

  const published: ManagedListing = await publishedListing(t, { id: seller.id, email: seller.email, headers: seller.headers })
  const mediaId = published.Media[0]?.id
  const mediaFileId = published.Media[0]?.MediaURL.split('/').at(-1)
  if (!mediaId || !mediaFileId) throw new Error('the published listing has no photo')
  const draft = await newListing(t, { id: seller.id, email: seller.email, headers: seller.headers }, { ListPrice: 250_000 })

  // A second listing of the seller's for the open offers, so the accepted deal does not close it.
  const openListing = await createTestListing(t, { ownerId: seller.id, listAgentUserId: seller.id, listAgentFullName: 'Lena Seller', listAgentEmail: seller.email })
  const [publishedRow] = await t.db.select().from(listingTable).where(eq(listingTable.id, openListing.id))
  if (!publishedRow) throw new Error('no listing row')
  const draftOffer = await createTestOffer(t, { listing: publishedRow, buyer: deal.buyer })
  const active = await createTestOffer(t, { status: 'active', listing: publishedRow, buyer: deal.buyer })
  if (!active.token) throw new Error('the active offer has no share link')

  // Shared through the API, so the seller is notified as a real share would.
  const toShare = await createTestOffer(t, { listing: publishedRow, buyer: deal.buyer })
  expectStatus(await t.app.inject({ method: 'POST', url: `/api/offers/${toShare.offer.id}/share`, headers: buyer.headers }), 200, 'share')
  const [note] = await t.db.select().from(notification).where(eq(notification.userId, seller.id))
  if (!note) throw new Error('sharing made no notification')

  const attachmentForm = await multipart([{ name: 'file', value: PDF, filename: 'pre-approval.pdf', type: 'application/pdf' }])
  const attached = await t.app.inject({ method: 'POST', url: `/api/offers/${active.offer.id}/attachments`, payload: attachmentForm.payload, headers: { ...attachmentForm.headers, ...buyer.headers } })
  expectStatus(attached, 201, 'attachment')

  const resoForm = await multipart([{ name: 'file', value: Buffer.from(JSON.stringify({ value: [resoRecord(1), resoRecord(2)] })), filename: 'listings.json', type: 'application/json' }])
  const imported = await t.app.inject({ method: 'POST', url: '/api/listing-import/jobs/from-file', payload: resoForm.payload, headers: { ...resoForm.headers, ...seller.headers } })
  expectStatus(imported, 200, 'import')

  const photoForm = await multipart([{ name: 'photo', value: makePng(4, 4, [200, 30, 30]), filename: 'me.png', type: 'image/png' }])
  const photo = await t.app.inject({ method: 'POST', url: '/api/me/photo', payload: photoForm.payload, headers: { ...photoForm.headers, ...seller.headers } })
  expectStatus(photo, 200, 'profile photo')
  const photoFileId = photo.json<{ user: User }>().user.photoURL?.split('/').at(-1)
  if (!photoFileId) throw new Error('no profile photo id')

  const sent: PacketView = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
  const links = [...(await signingLinks(t, deal.buyer.email)), ...(await signingLinks(t, deal.seller.email))]
  if (links.length === 0) throw new Error('no signing link was sent')
  const draftPacket = await uploadForm(t, deal.buyer, deal.offer.id, await pdfWithPages(1))
  expectStatus(draftPacket, 201, 'form document')

  const [sellerSession] = await t.db.select().from(session).where(eq(session.userId, seller.id))
  if (!sellerSession) throw new Error('the seller has no session')

  const strangers = {} as Record<Role, Actor>
  for (const role of ROLES) strangers[role] = await actorOf(t, await createUser(t, { roles: [role], name: `Stranger ${role}` }), role)

  return {
    t,
    seller,
    buyer,
    strangers,
    ids: {
      publishedListingId: published.id,
      mediaId,
      mediaFileId,
      draftListingId: draft.id,
      dealListingId: deal.listing.id,
      draftOfferId: draftOffer.offer.id,
      activeOfferId: active.offer.id,
      shareToken: active.token,
      acceptedOfferId: deal.offer.id,
      attachmentId: attached.json<{ attachment: OfferAttachment }>().attachment.id,
      notificationId: note.id,
      importJobId: imported.json<ImportPreview>().job.id,
      photoFileId,
      sentPacketId: sent.id,
      draftPacketId: draftPacket.json<{ packet: PacketView }>().packet.id,
      signers: links.map(({ signerId, token }) => ({ signerId, token })),
      sellerSessionId: sellerSession.id,
    },
    close: async () => {
      await t.close()
      await rm(files, { recursive: true, force: true })
    },
  }
}
