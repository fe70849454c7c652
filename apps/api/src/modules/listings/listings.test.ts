import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ListingSummary, Page } from '@offerbook/domain/listing'
import { DEFAULT_LISTING_WEIGHTING } from '@offerbook/domain/listing'
import { createTestListing } from '../../../test/factories'
import { listing as listingTable } from '../../db/schema/listings'
import { user as userTable } from '../../db/schema/users'
import { apiError, call, COMPLETE_FIELDS, joinTeam, useListingsTestApp, managed, MISSING_ID, newListing, said, signedInUser, uploadPhoto } from './listings.test-helpers'

/** Creating a listing and who may read it: its owner, its listing agent and their teams. */

const t = useListingsTestApp()

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

  const invalid: [string, Record<string, unknown>, string, ReturnType<typeof said>][] = [
    ['a price below $1,000', { ListPrice: 999 }, 'ListPrice', said('listing.priceRange')],
    ['a price above $1,000,000,000', { ListPrice: 1_000_000_001 }, 'ListPrice', said('listing.priceRange')],
    ['a price with cents', { ListPrice: 250_000.5 }, 'ListPrice', said('listing.wholeDollars')],
    ['a price given as text', { ListPrice: '250000' }, 'ListPrice', said('listing.priceRange')],
    ['100 bedrooms', { BedroomsTotal: 100 }, 'BedroomsTotal', said('listing.roomsRange')],
    ['half a bathroom', { BathroomsTotalInteger: 1.5 }, 'BathroomsTotalInteger', said('listing.roomsRange')],
    ['no living area', { LivingArea: 0 }, 'LivingArea', said('listing.livingAreaRange')],
    ['a negative lot', { LotSizeAcres: -1 }, 'LotSizeAcres', said('listing.lotSizeRange')],
    ['a year built of 1600', { YearBuilt: 1600 }, 'YearBuilt', said('listing.yearBuiltRange')],
    ['a street name of 51 characters', { StreetName: 'x'.repeat(51) }, 'StreetName', said('common.tooLong', { maximum: 50 })],
    ['remarks over 4000 characters', { PublicRemarks: 'y'.repeat(4001) }, 'PublicRemarks', said('common.tooLong', { maximum: 4000 })],
    ['a ZIP code of four digits', { PostalCode: '3706' }, 'PostalCode', said('listing.zipCode')],
    ['a state name', { StateOrProvince: 'Tennessee' }, 'StateOrProvince', said('listing.state')],
    ['an unknown property type', { PropertyType: 'Castle' }, 'PropertyType', said('listing.propertyType')],
    ['a license number with spaces', { firmLicenseNumber: 'AB 123' }, 'firmLicenseNumber', said('listing.licenseNumber')],
    ['an agent e-mail without @', { ListAgentEmail: 'agent.example.com' }, 'ListAgentEmail', said('common.invalidEmail')],
    ['an agent phone that is no valid number', { ListAgentDirectPhone: '(555) 555-0100' }, 'ListAgentDirectPhone', said('common.invalidPhone')],
    ['an MLS ID with spaces', { ListAgentMlsId: 'TN 12' }, 'ListAgentMlsId', said('common.mlsId')],
    ['an offer deadline in the past', { offerDeadline: '2020-01-01T12:00:00.000Z' }, 'offerDeadline', said('listing.offerDeadlinePast')],
  ]

  it.each(invalid)('refuses %s with its message', async (_case, payload, path, refusal) => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const response = await call(t, who, { method: 'POST', url: '/api/listings', payload })
    expect(response.statusCode).toBe(400)
    const body = apiError(response)
    expect(body).toMatchObject(refusal)
    expect(body.errors).toContainEqual(expect.objectContaining({ path, ...refusal }))
  })
})

describe('GET /api/listings/:id', () => {
  it('a seller cannot read or edit another seller’s listing (403), and the listing stays as it was', async () => {
    const owner = await signedInUser(t, ['SELLER_OWNER'])
    const other = await signedInUser(t, ['SELLER_OWNER'])
    const draft = await newListing(t, owner, { ListPrice: 500_000 })
    const read = await call(t, other, { method: 'GET', url: `/api/listings/${draft.id}` })
    expect(read.statusCode).toBe(403)
    expect(apiError(read)).toMatchObject(said('listing.notYours'))
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
      expect(apiError(response)).toMatchObject(said('listing.notFound'))
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
