import { crc32, deflateSync } from 'node:zlib'
import type { APIRequestContext } from '@playwright/test'
import type { ListingPatch, ManagedListing } from '@offerbook/domain/listing'
import { apiToken, expect } from './fixtures'

/** The demo seller agent, who lists the homes the tests publish unless a test says otherwise. */
export const SELLER_AGENT = 'seller-agent@example.com'

/** A real PNG image of one colour, made here so a test needs no file on disk (the API sniffs uploads). */
export function pngOf(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())])
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))])
}

/**
 * A street name no seeded listing and no other test has, so a search finds only the test's own
 * listings: unique in its first eleven letters (the prefix, then six random ones), then the time.
 */
export function uniqueStreet(prefix = 'Quill'): string {
  return `${prefix}${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}${Date.now().toString(36)}`
}

/** Just what publishing needs (REQUIRED_TO_PUBLISH): a house in Franklin, TN listed by the demo seller agent. */
export function publishableListing(overrides: ListingPatch = {}): ListingPatch {
  return {
    ListPrice: 487500,
    StreetNumber: '2710',
    StreetName: uniqueStreet(),
    StreetSuffix: 'Way',
    City: 'Franklin',
    StateOrProvince: 'TN',
    PostalCode: '37064',
    PropertyType: 'Residential',
    BedroomsTotal: 4,
    BathroomsTotalInteger: 3,
    ListAgentFullName: 'Lena Listing',
    ListAgentEmail: SELLER_AGENT,
    ...overrides,
  }
}

/** Every field the property page shows: facts, remarks with a line break, the agent's phone, an offer deadline three days on. */
export function completeListing(overrides: ListingPatch = {}): ListingPatch {
  return publishableListing({
    CountyOrParish: 'Williamson',
    LivingArea: 2380,
    LotSizeAcres: 0.42,
    YearBuilt: 1998,
    PublicRemarks: 'A brick home on a quiet street.\nNew roof in 2023.',
    ListAgentDirectPhone: '+16155550142',
    offerDeadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    offerPreferences: ['preApprovalLetter', 'earnestMoney'],
    offerInstructions: 'Send offers by email.\nInclude the pre-approval letter.',
    ...overrides,
  })
}

export type PublishOptions = {
  /** The demo account that creates the listing (signed in through the API); the seller agent when left out. */
  email?: string
  /** A bearer token already at hand, instead of a new sign-in (for many listings in a row). */
  token?: string
  fields: ListingPatch
  /** PNG images uploaded in this order as photo-1.png, photo-2.png, …; publishing needs at least one. */
  photos: Buffer[]
  /** What publishing makes it: Active unless told (Coming soon takes no offers yet). */
  status?: 'Active' | 'ComingSoon'
}

/** Creates a listing through the API, uploads its photos and publishes it (Active unless told); each step must succeed. */
export async function publishListing(request: APIRequestContext, { email = SELLER_AGENT, token, fields, photos, status = 'Active' }: PublishOptions): Promise<ManagedListing> {
  const headers = { Authorization: `Bearer ${token ?? (await apiToken(request, email))}` }
  const created = await request.post('/api/listings', { headers, data: fields })
  expect(created.status(), await created.text()).toBe(201)
  const { listing } = (await created.json()) as { listing: ManagedListing }
  for (const [index, buffer] of photos.entries()) {
    const uploaded = await request.post(`/api/listings/${listing.id}/photos`, {
      headers,
      multipart: { photo: { name: `photo-${index + 1}.png`, mimeType: 'image/png', buffer } },
    })
    expect(uploaded.status(), await uploaded.text()).toBe(201)
  }
  const published = await request.post(`/api/listings/${listing.id}/publish`, { headers, data: { StandardStatus: status } })
  expect(published.status(), await published.text()).toBe(200)
  return ((await published.json()) as { listing: ManagedListing }).listing
}
