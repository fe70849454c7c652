import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { ListingSummary, ManagedListing, Page } from '@offerbook/domain/listing'
import { DEFAULT_LISTING_WEIGHTING, LISTING_MESSAGES } from '@offerbook/domain/listing'
import type { Role } from '@offerbook/domain/roles'
import { MESSAGES } from '@offerbook/domain/validation'
import { createTestListing } from '../../../test/factories'
import { listing as listingTable } from '../../db/schema/listings'
import { user as userTable } from '../../db/schema/users'
import type { Signed } from './listings.test-helpers'
import { call, COMPLETE_FIELDS, joinTeam, listingsTestApp, newListing, publishedListing, readyDraft, signedInUser, uploadPhoto } from './listings.test-helpers'

let t: Awaited<ReturnType<typeof listingsTestApp>>

beforeAll(async () => {
  t = await listingsTestApp()
})
afterAll(async () => {
  await t.closeAll()
})

const MISSING_ID = '3f1c2a4e-9b7d-4c2e-8a1f-0d9e8c7b6a55'
const managed = (response: { json: <T>() => T }) => response.json<{ listing: ManagedListing }>().listing
const apiError = (response: { json: <T>() => T }) => response.json<ApiError>()

describe('POST /api/listings: a new draft', () => {
  it.each(['SELLER_OWNER', 'SELLER_AGENT', 'BUYER_AGENT'] as const)('a %s creates a draft, edits it and publishes it', async (role) => {
    const who = await signedInUser(t, [role])
    const created = await call(t, who, { method: 'POST', url: '/api/listings', payload: { ListPrice: 399_000, draftStep: 'pricing' } })
    expect(created.statusCode).toBe(201)
    const draft = managed(created)
    expect(draft).toMatchObject({ StandardStatus: 'Incomplete', ListPrice: 399_000, source: 'manual', ownerId: who.id, draftStep: 'pricing', publishedAt: null, Media: [] })
    expect(draft.ListingKey).toBe(`OB-${draft.id}`)

    const edited = await call(t, who, { method: 'PATCH', url: `/api/listings/${draft.id}`, payload: { ...COMPLETE_FIELDS, draftStep: 'review' } })
    expect(edited.statusCode).toBe(200)
    expect(managed(edited)).toMatchObject({ City: 'Franklin', UnparsedAddress: '742 Evergreen Terrace, Franklin, TN 37064', draftStep: 'review' })
    expect((await uploadPhoto(t, who, draft.id)).statusCode).toBe(201)

    const published = await call(t, who, { method: 'POST', url: `/api/listings/${draft.id}/publish`, payload: { StandardStatus: 'Active' } })
    expect(published.statusCode).toBe(200)
    expect(managed(published)).toMatchObject({ StandardStatus: 'Active', draftStep: null })
    expect(managed(published).publishedAt).not.toBeNull()
  })

  it.each(['SELLER_SIMPLE', 'BUYER_SIMPLE', 'ADMIN'] as const)('a %s may not create a listing (403)', async (role) => {
    const who = await signedInUser(t, [role])
    const response = await call(t, who, { method: 'POST', url: '/api/listings', payload: {} })
    expect(response.statusCode).toBe(403)
    const rows = await t.db.select().from(listingTable).where(eq(listingTable.ownerId, who.id))
    expect(rows).toEqual([])
  })

  it('asks an anonymous visitor to sign in (401)', async () => {
    const response = await call(t, null, { method: 'POST', url: '/api/listings', payload: {} })
    expect(response.statusCode).toBe(401)
  })

  it("fills the listing agent fields from an agent's profile and links the agent's account", async () => {
    const agent = await signedInUser(t, ['SELLER_AGENT'], { name: 'Jordan Lister' })
    await t.db.update(userTable).set({ phone: '+16155550123', sellerAgentId: 'TN-445566' }).where(eq(userTable.id, agent.id))
    const draft = await newListing(t, agent)
    expect(draft).toMatchObject({
      ListAgentFullName: 'Jordan Lister',
      ListAgentEmail: agent.email,
      ListAgentDirectPhone: '+16155550123',
      ListAgentMlsId: 'TN-445566',
      listAgentUserId: agent.id,
    })
  })

  it("leaves out a detail of the agent's profile that the listing field would not take", async () => {
    const agent = await signedInUser(t, ['SELLER_AGENT'], { name: `Pat ${'Longname'.repeat(20)}` })
    const draft = await newListing(t, agent)
    expect(draft).toMatchObject({ ListAgentFullName: null, ListAgentEmail: agent.email, listAgentUserId: agent.id })
  })

  it('keeps the listing agent fields the body gives, and fills nothing for a seller listing on their own', async () => {
    const agent = await signedInUser(t, ['BUYER_AGENT'], { name: 'Sam Buyeragent' })
    const given = await newListing(t, agent, { ListAgentFullName: 'Another Agent', ListAgentEmail: 'another@example.com' })
    expect(given).toMatchObject({ ListAgentFullName: 'Another Agent', ListAgentEmail: 'another@example.com', listAgentUserId: agent.id })

    const seller = await signedInUser(t, ['SELLER_OWNER'])
    const own = await newListing(t, seller)
    expect(own).toMatchObject({ ListAgentFullName: null, ListAgentEmail: null, listAgentUserId: null })
  })

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['a price below $1,000', { ListPrice: 999 }, 'ListPrice', LISTING_MESSAGES.priceRange],
    ['a price above $1,000,000,000', { ListPrice: 1_000_000_001 }, 'ListPrice', LISTING_MESSAGES.priceRange],
    ['a price with cents', { ListPrice: 250_000.5 }, 'ListPrice', LISTING_MESSAGES.wholeDollars],
    ['a price given as text', { ListPrice: '250000' }, 'ListPrice', LISTING_MESSAGES.priceRange],
    ['100 bedrooms', { BedroomsTotal: 100 }, 'BedroomsTotal', LISTING_MESSAGES.roomsRange],
    ['half a bathroom', { BathroomsTotalInteger: 1.5 }, 'BathroomsTotalInteger', LISTING_MESSAGES.roomsRange],
    ['no living area', { LivingArea: 0 }, 'LivingArea', LISTING_MESSAGES.livingAreaRange],
    ['a negative lot', { LotSizeAcres: -1 }, 'LotSizeAcres', LISTING_MESSAGES.lotSizeRange],
    ['a year built of 1600', { YearBuilt: 1600 }, 'YearBuilt', LISTING_MESSAGES.yearBuiltRange],
    ['a street name of 51 characters', { StreetName: 'x'.repeat(51) }, 'StreetName', LISTING_MESSAGES.tooLong(50)],
    ['remarks over 4000 characters', { PublicRemarks: 'y'.repeat(4001) }, 'PublicRemarks', LISTING_MESSAGES.tooLong(4000)],
    ['a ZIP code of four digits', { PostalCode: '3706' }, 'PostalCode', LISTING_MESSAGES.zipCode],
    ['a state name', { StateOrProvince: 'Tennessee' }, 'StateOrProvince', LISTING_MESSAGES.state],
    ['an unknown property type', { PropertyType: 'Castle' }, 'PropertyType', LISTING_MESSAGES.propertyType],
    ['a license number with spaces', { firmLicenseNumber: 'AB 123' }, 'firmLicenseNumber', LISTING_MESSAGES.licenseNumber],
    ['an agent e-mail without @', { ListAgentEmail: 'agent.example.com' }, 'ListAgentEmail', MESSAGES.invalidEmail],
    ['an agent phone not in E.164', { ListAgentDirectPhone: '615-555-0100' }, 'ListAgentDirectPhone', MESSAGES.invalidPhone],
    ['an MLS ID with spaces', { ListAgentMlsId: 'TN 12' }, 'ListAgentMlsId', MESSAGES.mlsId],
    ['an offer deadline in the past', { offerDeadline: '2020-01-01T12:00:00.000Z' }, 'offerDeadline', LISTING_MESSAGES.offerDeadlinePast],
  ]

  it.each(invalid)('refuses %s with its message', async (_case, payload, path, message) => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const response = await call(t, who, { method: 'POST', url: '/api/listings', payload })
    expect(response.statusCode).toBe(400)
    const body = apiError(response)
    expect(body.message).toBe(message)
    expect(body.errors).toContainEqual({ path, message })
  })
})

describe('GET /api/listings/:id', () => {
  it('a seller cannot read or edit another seller’s listing (403), and the listing stays as it was', async () => {
    const owner = await signedInUser(t, ['SELLER_OWNER'])
    const other = await signedInUser(t, ['SELLER_OWNER'])
    const draft = await newListing(t, owner, { ListPrice: 500_000 })
    const read = await call(t, other, { method: 'GET', url: `/api/listings/${draft.id}` })
    expect(read.statusCode).toBe(403)
    expect(apiError(read).message).toBe(LISTING_MESSAGES.notYourListing)
    for (const options of [
      { method: 'PATCH' as const, url: `/api/listings/${draft.id}`, payload: { ListPrice: 1_000 } },
      { method: 'POST' as const, url: `/api/listings/${draft.id}/publish`, payload: {} },
      { method: 'PATCH' as const, url: `/api/listings/${draft.id}/settings`, payload: { visibility: 'private' } },
      { method: 'PUT' as const, url: `/api/listings/${draft.id}/weighting`, payload: DEFAULT_LISTING_WEIGHTING },
      { method: 'PUT' as const, url: `/api/listings/${draft.id}/photos/order`, payload: { mediaIds: [] } },
      { method: 'DELETE' as const, url: `/api/listings/${draft.id}` },
    ]) {
      const response = await call(t, other, options)
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(403)
    }
    expect((await uploadPhoto(t, other, draft.id)).statusCode).toBe(403)
    const mine = await call(t, owner, { method: 'GET', url: `/api/listings/${draft.id}` })
    expect(managed(mine)).toMatchObject({ ListPrice: 500_000, visibility: 'public', Media: [] })
  })

  it('gives an admin no access to listings that are not theirs (403)', async () => {
    const owner = await signedInUser(t, ['SELLER_OWNER'])
    const admin = await signedInUser(t, ['ADMIN'])
    const draft = await newListing(t, owner)
    expect((await call(t, admin, { method: 'GET', url: `/api/listings/${draft.id}` })).statusCode).toBe(403)
    expect((await call(t, null, { method: 'GET', url: `/api/listings/${draft.id}` })).statusCode).toBe(401)
  })

  it('answers 404 for an unknown or malformed id', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    for (const id of [MISSING_ID, 'not-a-uuid', '1', encodeURIComponent("' or 1=1 --"), 'x'.repeat(400)]) {
      const response = await call(t, who, { method: 'GET', url: `/api/listings/${id}` })
      expect(response.statusCode, id).toBe(404)
      expect(apiError(response).message).toBe(LISTING_MESSAGES.listingNotFound)
    }
  })
})

describe('team access', () => {
  it("a team member with access to all manages every listing of the leader, and sees them in their list", async () => {
    const leader = await signedInUser(t, ['SELLER_AGENT'])
    const member = await signedInUser(t, ['BUYER_AGENT'])
    const first = await newListing(t, leader, { City: 'Brentwood' })
    const second = await newListing(t, leader, { City: 'Memphis' })
    await joinTeam(t, { leaderId: leader.id, memberId: member.id, access: 'all' })
    for (const draft of [first, second]) {
      expect((await call(t, member, { method: 'GET', url: `/api/listings/${draft.id}` })).statusCode).toBe(200)
    }
    const edited = await call(t, member, { method: 'PATCH', url: `/api/listings/${first.id}`, payload: { City: 'Nolensville' } })
    expect(managed(edited).City).toBe('Nolensville')
    const mine = await call(t, member, { method: 'GET', url: '/api/listings/mine' })
    expect(
      mine
        .json<Page<ListingSummary>>()
        .items.map((item) => item.id)
        .sort(),
    ).toEqual([first.id, second.id].sort())
  })

  it('a team member with designated access manages only the designated listings', async () => {
    const leader = await signedInUser(t, ['SELLER_OWNER'])
    const member = await signedInUser(t, ['SELLER_SIMPLE'])
    const designated = await newListing(t, leader, { City: 'Knoxville' })
    const other = await newListing(t, leader, { City: 'Chattanooga' })
    await joinTeam(t, { leaderId: leader.id, memberId: member.id, access: 'designated', listingIds: [designated.id] })
    expect((await call(t, member, { method: 'GET', url: `/api/listings/${designated.id}` })).statusCode).toBe(200)
    expect((await call(t, member, { method: 'PATCH', url: `/api/listings/${designated.id}`, payload: { ListPrice: 310_000 } })).statusCode).toBe(200)
    expect((await call(t, member, { method: 'GET', url: `/api/listings/${other.id}` })).statusCode).toBe(403)
    const mine = await call(t, member, { method: 'GET', url: '/api/listings/mine' })
    expect(mine.json<Page<ListingSummary>>().items.map((item) => item.id)).toEqual([designated.id])
  })

  it("a member of another leader's team gets nothing", async () => {
    const leader = await signedInUser(t, ['SELLER_OWNER'])
    const stranger = await signedInUser(t, ['SELLER_OWNER'])
    const member = await signedInUser(t, ['SELLER_AGENT'])
    await joinTeam(t, { leaderId: stranger.id, memberId: member.id, access: 'all' })
    const draft = await newListing(t, leader)
    expect((await call(t, member, { method: 'GET', url: `/api/listings/${draft.id}` })).statusCode).toBe(403)
  })

  it("the listing agent's team manages a listing the seller owns", async () => {
    const seller = await signedInUser(t, ['SELLER_OWNER'])
    const agent = await signedInUser(t, ['SELLER_AGENT'])
    const assistant = await signedInUser(t, ['SELLER_SIMPLE'])
    await joinTeam(t, { leaderId: agent.id, memberId: assistant.id, access: 'all' })
    const row = await createTestListing(t, { ownerId: seller.id, listAgentUserId: agent.id, standardStatus: 'Incomplete' })
    expect((await call(t, agent, { method: 'GET', url: `/api/listings/${row.id}` })).statusCode).toBe(200)
    expect((await call(t, assistant, { method: 'GET', url: `/api/listings/${row.id}` })).statusCode).toBe(200)
  })
})

describe('PATCH /api/listings/:id', () => {
  it('keeps UnparsedAddress and ModificationTimestamp up to date', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const draft = await newListing(t, who, { StreetNumber: '12', StreetName: 'Oak', City: 'Nashville' })
    expect(draft.UnparsedAddress).toBe('12 Oak, Nashville')
    await new Promise((resolve) => setTimeout(resolve, 5))
    const response = await call(t, who, { method: 'PATCH', url: `/api/listings/${draft.id}`, payload: { StreetSuffix: 'Ave', UnitNumber: '4B', StateOrProvince: 'TN', PostalCode: '37203' } })
    const edited = managed(response)
    expect(edited.UnparsedAddress).toBe('12 Oak Ave #4B, Nashville, TN 37203')
    expect(new Date(edited.ModificationTimestamp).getTime()).toBeGreaterThan(new Date(draft.ModificationTimestamp).getTime())
    const cleared = managed(await call(t, who, { method: 'PATCH', url: `/api/listings/${draft.id}`, payload: { UnitNumber: '' } }))
    expect(cleared).toMatchObject({ UnitNumber: null, UnparsedAddress: '12 Oak Ave, Nashville, TN 37203' })
  })

  it('a published listing keeps every field publishing requires (400 Required), while other fields may be cleared', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const listing = await publishedListing(t, who, { PublicRemarks: 'Sunny' })
    const response = await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}`, payload: { City: '', ListPrice: null, PublicRemarks: null } })
    expect(response.statusCode).toBe(400)
    expect(apiError(response)).toMatchObject({
      message: MESSAGES.required,
      errors: [
        { path: 'ListPrice', message: MESSAGES.required },
        { path: 'City', message: MESSAGES.required },
      ],
    })
    const fine = await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}`, payload: { PublicRemarks: null, ListPrice: 410_000, draftStep: 'details' } })
    expect(managed(fine)).toMatchObject({ PublicRemarks: null, ListPrice: 410_000, City: 'Franklin', draftStep: null, StandardStatus: 'Active' })
  })

  it('takes an offer deadline in the future and refuses one in the past', async () => {
    const who = await signedInUser(t, ['SELLER_AGENT'])
    const draft = await newListing(t, who)
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString()
    const set = await call(t, who, { method: 'PATCH', url: `/api/listings/${draft.id}`, payload: { offerDeadline: future, offerPreferences: ['proofOfFunds'], offerInstructions: 'Best and final by Friday' } })
    expect(managed(set)).toMatchObject({ offerDeadline: future, offerPreferences: ['proofOfFunds'], offerInstructions: 'Best and final by Friday' })
    const past = await call(t, who, { method: 'PATCH', url: `/api/listings/${draft.id}`, payload: { offerDeadline: new Date(Date.now() - 60_000).toISOString() } })
    expect(past.statusCode).toBe(400)
    expect(apiError(past)).toMatchObject({ message: LISTING_MESSAGES.offerDeadlinePast, errors: [{ path: 'offerDeadline', message: LISTING_MESSAGES.offerDeadlinePast }] })
  })
})

describe('POST /api/listings/:id/publish', () => {
  it('refuses an empty draft, naming every missing field, the photo included', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const draft = await newListing(t, who)
    const response = await call(t, who, { method: 'POST', url: `/api/listings/${draft.id}/publish`, payload: {} })
    expect(response.statusCode).toBe(400)
    const body = apiError(response)
    expect(body.message).toBe(MESSAGES.required)
    expect(body.errors?.map((error) => error.path)).toEqual([
      'ListPrice',
      'StreetNumber',
      'StreetName',
      'City',
      'StateOrProvince',
      'PostalCode',
      'PropertyType',
      'BedroomsTotal',
      'BathroomsTotalInteger',
      'ListAgentFullName',
      'ListAgentEmail',
      'Media',
    ])
    expect(body.errors).toContainEqual({ path: 'Media', message: LISTING_MESSAGES.needsPhoto })
  })

  it('refuses a complete draft without a photo with the photo message', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const draft = await newListing(t, who, COMPLETE_FIELDS)
    const response = await call(t, who, { method: 'POST', url: `/api/listings/${draft.id}/publish`, payload: {} })
    expect(response.statusCode).toBe(400)
    expect(apiError(response)).toMatchObject({ message: LISTING_MESSAGES.needsPhoto, errors: [{ path: 'Media', message: LISTING_MESSAGES.needsPhoto }] })
  })

  it('publishes as Coming soon when asked, then refuses to publish again (409)', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const draft = await readyDraft(t, who)
    const response = await call(t, who, { method: 'POST', url: `/api/listings/${draft.id}/publish`, payload: { StandardStatus: 'ComingSoon' } })
    expect(managed(response).StandardStatus).toBe('ComingSoon')
    const again = await call(t, who, { method: 'POST', url: `/api/listings/${draft.id}/publish`, payload: {} })
    expect(again.statusCode).toBe(409)
    expect(apiError(again).message).toBe(LISTING_MESSAGES.publishOnlyDraft)
    const bad = await call(t, who, { method: 'POST', url: `/api/listings/${draft.id}/publish`, payload: { StandardStatus: 'Closed' } })
    expect(bad.statusCode).toBe(400)
  })

  it('publishes without a body (Active)', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const draft = await readyDraft(t, who)
    const response = await call(t, who, { method: 'POST', url: `/api/listings/${draft.id}/publish` })
    expect(response.statusCode).toBe(200)
    expect(managed(response).StandardStatus).toBe('Active')
  })
})

describe('PATCH /api/listings/:id/settings', () => {
  it('moves a published listing along the status table and refuses other moves', async () => {
    const who = await signedInUser(t, ['SELLER_AGENT'])
    const listing = await publishedListing(t, who)
    const pending = await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}/settings`, payload: { StandardStatus: 'Pending' } })
    expect(managed(pending).StandardStatus).toBe('Pending')
    const closed = await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}/settings`, payload: { StandardStatus: 'Closed' } })
    expect(managed(closed).StandardStatus).toBe('Closed')
    const reopen = await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}/settings`, payload: { StandardStatus: 'Active' } })
    expect(reopen.statusCode).toBe(400)
    expect(apiError(reopen)).toMatchObject({
      message: LISTING_MESSAGES.statusChange('Closed', 'Active'),
      errors: [{ path: 'StandardStatus', message: LISTING_MESSAGES.statusChange('Closed', 'Active') }],
    })
    const same = await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}/settings`, payload: { StandardStatus: 'Closed', visibility: 'unlisted' } })
    expect(managed(same)).toMatchObject({ StandardStatus: 'Closed', visibility: 'unlisted' })
  })

  it('never sets Delete, and never takes a listing back to a draft', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const listing = await publishedListing(t, who)
    for (const status of ['Delete', 'Incomplete']) {
      const response = await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}/settings`, payload: { StandardStatus: status } })
      expect(response.statusCode).toBe(400)
      expect(apiError(response).message).toBe(LISTING_MESSAGES.statusChange('Active', status))
    }
  })

  it('moving a draft on goes through the publish check', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const empty = await newListing(t, who)
    const refused = await call(t, who, { method: 'PATCH', url: `/api/listings/${empty.id}/settings`, payload: { StandardStatus: 'Active' } })
    expect(refused.statusCode).toBe(400)
    expect(apiError(refused).errors).toContainEqual({ path: 'Media', message: LISTING_MESSAGES.needsPhoto })
    const ready = await readyDraft(t, who)
    const moved = await call(t, who, { method: 'PATCH', url: `/api/listings/${ready.id}/settings`, payload: { StandardStatus: 'ComingSoon' } })
    expect(managed(moved)).toMatchObject({ StandardStatus: 'ComingSoon', draftStep: null })
    expect(managed(moved).publishedAt).not.toBeNull()
  })

  it('saves the offer deadline (future only), notifications and visibility', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const listing = await publishedListing(t, who)
    const deadline = new Date(Date.now() + 3 * 86_400_000).toISOString()
    const saved = await call(t, who, {
      method: 'PATCH',
      url: `/api/listings/${listing.id}/settings`,
      payload: { offerDeadline: deadline, notify: { owner: false, listAgent: true, emails: ['partner@example.com'] }, visibility: 'private' },
    })
    expect(managed(saved)).toMatchObject({ offerDeadline: deadline, notify: { owner: false, listAgent: true, emails: ['partner@example.com'] }, visibility: 'private' })
    const past = await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}/settings`, payload: { offerDeadline: '2001-01-01T00:00:00Z' } })
    expect(apiError(past).message).toBe(LISTING_MESSAGES.offerDeadlinePast)
    const tooMany = await call(t, who, {
      method: 'PATCH',
      url: `/api/listings/${listing.id}/settings`,
      payload: { notify: { owner: true, listAgent: true, emails: Array.from({ length: 11 }, (_, index) => `n${index}@example.com`) } },
    })
    expect(tooMany.statusCode).toBe(400)
    expect(apiError(tooMany).message).toBe(LISTING_MESSAGES.notifyEmails)
    const cleared = await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}/settings`, payload: { offerDeadline: null } })
    expect(managed(cleared).offerDeadline).toBeNull()
  })
})

describe('PUT /api/listings/:id/weighting', () => {
  it("saves the seller's weights and refuses weights outside 0 to 10 and a commission over 10%", async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const draft = await newListing(t, who)
    const weighting = { ...DEFAULT_LISTING_WEIGHTING, weights: { ...DEFAULT_LISTING_WEIGHTING.weights, netToSeller: 2 }, sellerCommissionPercent: 2.5, wantedClosingDate: '2031-06-30' }
    const saved = await call(t, who, { method: 'PUT', url: `/api/listings/${draft.id}/weighting`, payload: weighting })
    expect(managed(saved).weighting).toEqual(weighting)
    const heavy = await call(t, who, { method: 'PUT', url: `/api/listings/${draft.id}/weighting`, payload: { ...weighting, weights: { ...weighting.weights, earnestMoney: 11 } } })
    expect(apiError(heavy).message).toBe(LISTING_MESSAGES.weightRange)
    const commission = await call(t, who, { method: 'PUT', url: `/api/listings/${draft.id}/weighting`, payload: { ...weighting, sellerCommissionPercent: 12 } })
    expect(apiError(commission).message).toBe(LISTING_MESSAGES.commissionRange)
  })
})

describe('DELETE /api/listings/:id', () => {
  it('deletes a draft and its photos, and refuses to delete a published listing (409)', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const draft = await readyDraft(t, who)
    const photo = draft.Media[0]!.MediaURL
    expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(200)
    const deleted = await call(t, who, { method: 'DELETE', url: `/api/listings/${draft.id}` })
    expect(deleted.statusCode).toBe(204)
    expect((await call(t, who, { method: 'GET', url: `/api/listings/${draft.id}` })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(404)

    const listing = await publishedListing(t, who)
    const refused = await call(t, who, { method: 'DELETE', url: `/api/listings/${listing.id}` })
    expect(refused.statusCode).toBe(409)
    expect(apiError(refused).message).toBe(LISTING_MESSAGES.onlyDraftsDeleted)
  })
})

describe('GET /api/listings/mine', () => {
  it('lists what the caller manages, drafts too, last modified first, with words and status filters and pages', async () => {
    const who = await signedInUser(t, ['SELLER_AGENT'])
    const someoneElse = await signedInUser(t, ['SELLER_AGENT'])
    await newListing(t, someoneElse, { City: 'Franklin' })
    const draft = await newListing(t, who, { StreetNumber: '1', StreetName: 'Maple', City: 'Franklin' })
    const live = await publishedListing(t, who, { StreetNumber: '2', StreetName: 'Birch' })
    const recent = await newListing(t, who, { StreetNumber: '3', StreetName: 'Cedar', City: 'Murfreesboro' })

    const all = (await call(t, who, { method: 'GET', url: '/api/listings/mine' })).json<Page<ListingSummary>>()
    expect(all.items.map((item) => item.id)).toEqual([recent.id, live.id, draft.id])
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 24 })
    expect(all.items[1]).toMatchObject({ StandardStatus: 'Active', City: 'Franklin', ListPrice: COMPLETE_FIELDS.ListPrice })
    expect(all.items[1]!.primaryPhotoURL).toMatch(/^\/api\/files\//)

    const words = (await call(t, who, { method: 'GET', url: '/api/listings/mine?q=mapl' })).json<Page<ListingSummary>>()
    expect(words.items.map((item) => item.id)).toEqual([draft.id])
    const drafts = (await call(t, who, { method: 'GET', url: '/api/listings/mine?status=Incomplete' })).json<Page<ListingSummary>>()
    expect(drafts.items.map((item) => item.id)).toEqual([recent.id, draft.id])
    const second = (await call(t, who, { method: 'GET', url: '/api/listings/mine?page=2&pageSize=2' })).json<Page<ListingSummary>>()
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 })
    expect(second.items.map((item) => item.id)).toEqual([draft.id])
  })

  it.each(['BUYER_SIMPLE', 'ADMIN'] as Role[])('is refused to a %s (403)', async (role) => {
    const who = await signedInUser(t, [role])
    expect((await call(t, who, { method: 'GET', url: '/api/listings/mine' })).statusCode).toBe(403)
  })
})

describe('odd input never answers 500', () => {
  let who: Signed
  let draftId: string
  beforeAll(async () => {
    who = await signedInUser(t, ['SELLER_OWNER'])
    draftId = (await newListing(t, who)).id
  })

  it('refuses huge numbers, arrays for strings, objects for numbers with 400', async () => {
    const payloads: Record<string, unknown>[] = [
      { ListPrice: 1e308 },
      { ListPrice: Number.MAX_SAFE_INTEGER },
      { BedroomsTotal: 1e20 },
      { LotSizeAcres: 1e300 },
      { StreetName: ['Main'] },
      { City: { $ne: 1 } },
      { ListPrice: [1000] },
      { offerPreferences: 'proofOfFunds' },
      { offerPreferences: ['proofOfFunds', 'nothing'] },
      { offerDeadline: 'tomorrow' },
      { draftStep: 'elsewhere' },
    ]
    for (const payload of payloads) {
      const response = await call(t, who, { method: 'PATCH', url: `/api/listings/${draftId}`, payload })
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
    }
    const raw = await call(t, who, { method: 'PATCH', url: `/api/listings/${draftId}`, payload: '{"ListPrice": 1e400}', headers: { 'content-type': 'application/json' } })
    expect(raw.statusCode).toBe(400)
  })

  it('refuses text with NUL characters or lone surrogates on its field (400), keeping the listing as it was', async () => {
    const [before] = await t.db.select().from(listingTable).where(eq(listingTable.id, draftId))
    const response = await call(t, who, { method: 'PATCH', url: `/api/listings/${draftId}`, payload: { StreetName: 'Ma\u0000in', PublicRemarks: 'a\uD800b' } })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().errors).toEqual([
      { path: 'StreetName', message: MESSAGES.unstorableText },
      { path: 'PublicRemarks', message: MESSAGES.unstorableText },
    ])
    const [after] = await t.db.select().from(listingTable).where(eq(listingTable.id, draftId))
    expect(after).toEqual(before)
    const search = await call(t, who, { method: 'GET', url: `/api/listings/mine?q=${encodeURIComponent('ma\u0000in')}` })
    expect(search.statusCode).toBe(400)
  })

  it('answers 404, never 500, for malformed ids on every listing endpoint', async () => {
    for (const id of ['nope', '00000000-0000-0000-0000-00000000000g', '%00']) {
      for (const options of [
        { method: 'PATCH' as const, url: `/api/listings/${id}`, payload: {} },
        { method: 'POST' as const, url: `/api/listings/${id}/publish`, payload: {} },
        { method: 'PATCH' as const, url: `/api/listings/${id}/settings`, payload: {} },
        { method: 'PUT' as const, url: `/api/listings/${id}/weighting`, payload: DEFAULT_LISTING_WEIGHTING },
        { method: 'PUT' as const, url: `/api/listings/${id}/photos/order`, payload: { mediaIds: [] } },
        { method: 'DELETE' as const, url: `/api/listings/${id}/photos/${id}` },
        { method: 'DELETE' as const, url: `/api/listings/${id}` },
        { method: 'GET' as const, url: `/api/properties/${id}` },
      ]) {
        const response = await call(t, who, options)
        expect(response.statusCode, `${options.method} ${options.url}`).toBe(404)
      }
    }
  })

  it('refuses bad query strings of the lists with 400', async () => {
    for (const url of ['/api/listings/mine?page=0', '/api/listings/mine?pageSize=1000', '/api/listings/mine?status=Sold', '/api/listings/mine?q=a&q=b', `/api/listings/mine?q=${'x'.repeat(101)}`]) {
      const response = await call(t, who, { method: 'GET', url })
      expect(response.statusCode, url).toBe(400)
    }
  })
})

describe('OpenAPI', () => {
  it('documents the listing endpoints with their response shapes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const document = response.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>()
    for (const [path, method, status] of [
      ['/api/listings', 'post', '201'],
      ['/api/listings/mine', 'get', '200'],
      ['/api/listings/{id}', 'get', '200'],
      ['/api/listings/{id}', 'patch', '200'],
      ['/api/listings/{id}/publish', 'post', '200'],
      ['/api/listings/{id}/photos', 'post', '201'],
      ['/api/listings/{id}/photos/order', 'put', '200'],
      ['/api/listings/{id}/photos/{mediaId}', 'delete', '200'],
      ['/api/listings/{id}/settings', 'patch', '200'],
      ['/api/listings/{id}/weighting', 'put', '200'],
      ['/api/listings/{id}', 'delete', '204'],
      ['/api/properties', 'get', '200'],
      ['/api/properties/{id}', 'get', '200'],
    ] as const) {
      expect(document.paths[path]?.[method]?.responses[status], `${method} ${path}`).toBeDefined()
    }
    expect(JSON.stringify(document.paths['/api/listings/{id}']?.get?.responses['200'])).toContain('ListAgentFullName')
  })
})
