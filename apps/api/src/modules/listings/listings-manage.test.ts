import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestOffer } from '../../../test/factories'
import { listing as listingTable } from '../../db/schema/listings'
import type { ListingSummary, MyListingsScreen, Page } from '@offerbook/domain/listing'
import { DEFAULT_LISTING_WEIGHTING } from '@offerbook/domain/listing'
import type { Role } from '@offerbook/domain/roles'
import { apiError, call, COMPLETE_FIELDS, useListingsTestApp, managed, newListing, publishedListing, readyDraft, said, signedInUser } from './listings.test-helpers'

/** Managing a listing: editing, publishing, settings, weights, deleting, and the manager's list. */

const t = useListingsTestApp()

describe('PATCH /api/listings/:id', () => {
  it('writes a list price out of bounds only with the confirmation of that very figure, and says so on the field', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const listing = await publishedListing(t, who, { ListPrice: 450_000 })
    for (const [ListPrice, confirmedListPrice] of [[4_500, undefined], [45_000_000, undefined], [45_000_000, 4_500_000]] as const) {
      const refused = await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}`, payload: { ListPrice, confirmedListPrice } })
      expect(refused.statusCode, `${ListPrice}`).toBe(400)
      expect(apiError(refused)).toMatchObject({ ...said('listing.listPriceUnconfirmed'), errors: [{ path: 'ListPrice', ...said('listing.listPriceUnconfirmed') }] })
    }
    expect(managed(await call(t, who, { method: 'GET', url: `/api/listings/${listing.id}` })).ListPrice).toBe(450_000)
    // Within bounds no confirmation is asked; out of bounds, the figure confirmed is written.
    expect(managed(await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}`, payload: { ListPrice: 455_000 } })).ListPrice).toBe(455_000)
    expect(managed(await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}`, payload: { ListPrice: 45_000_000, confirmedListPrice: 45_000_000 } })).ListPrice).toBe(45_000_000)
    // The same figure sent again by a form that re-saves every field is not a new choice.
    expect((await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}`, payload: { ListPrice: 45_000_000, PublicRemarks: 'Estate' } })).statusCode).toBe(200)
    // A new draft is held to the same rule.
    const created = await call(t, who, { method: 'POST', url: '/api/listings', payload: { ListPrice: 9_999 } })
    expect(created.statusCode).toBe(400)
    expect(apiError(created)).toMatchObject(said('listing.listPriceUnconfirmed'))
  })

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

  it("saves the property's public record, optional to publish: parcel number, legal description with its line breaks, deed reference", async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const listing = await publishedListing(t, who)
    expect(listing).toMatchObject({ ParcelNumber: null, TaxLegalDescription: null, deedReference: null })
    const record = {
      ParcelNumber: ' 093 13 0 123.00 ',
      TaxLegalDescription: "Lot 12, Section 3, Magnolia Hills subdivision,\nas recorded in Plat Book 7900, Page 105, Register's Office of Davidson County, Tennessee.",
      deedReference: "Instrument No. 20190412-0034567, Register's Office of Davidson County",
    }
    const saved = managed(await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}`, payload: record }))
    expect(saved).toMatchObject({ ...record, ParcelNumber: '093 13 0 123.00' })
    expect(managed(await call(t, who, { method: 'GET', url: `/api/listings/${listing.id}` }))).toMatchObject({ ...record, ParcelNumber: '093 13 0 123.00' })
    const tooLong = await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}`, payload: { deedReference: 'x'.repeat(201) } })
    expect(tooLong.statusCode).toBe(400)
    expect(apiError(tooLong).errors).toEqual([expect.objectContaining({ path: 'deedReference', key: 'common.tooLong' })])
    const cleared = managed(await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}`, payload: { ParcelNumber: '', TaxLegalDescription: null } }))
    expect(cleared).toMatchObject({ ParcelNumber: null, TaxLegalDescription: null, deedReference: record.deedReference, StandardStatus: 'Active' })
  })

  it('a published listing keeps every field publishing requires (400 Required), while other fields may be cleared', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const listing = await publishedListing(t, who, { PublicRemarks: 'Sunny' })
    const response = await call(t, who, { method: 'PATCH', url: `/api/listings/${listing.id}`, payload: { City: '', ListPrice: null, PublicRemarks: null } })
    expect(response.statusCode).toBe(400)
    expect(apiError(response)).toMatchObject({
      ...said('common.required'),
      errors: [
        { path: 'ListPrice', ...said('common.required') },
        { path: 'City', ...said('common.required') },
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
    expect(apiError(past)).toMatchObject({ ...said('listing.offerDeadlinePast'), errors: [{ path: 'offerDeadline', ...said('listing.offerDeadlinePast') }] })
  })
})

describe('POST /api/listings/:id/publish', () => {
  it('refuses an empty draft, naming every missing field, the photo included', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const draft = await newListing(t, who)
    const response = await call(t, who, { method: 'POST', url: `/api/listings/${draft.id}/publish`, payload: {} })
    expect(response.statusCode).toBe(400)
    const body = apiError(response)
    expect(body).toMatchObject({ key: 'common.required', message: 'Required' })
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
    expect(body.errors).toContainEqual({ path: 'Media', ...said('listing.needsPhoto') })
  })

  it('refuses a complete draft without a photo with the photo message', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const draft = await newListing(t, who, COMPLETE_FIELDS)
    const response = await call(t, who, { method: 'POST', url: `/api/listings/${draft.id}/publish`, payload: {} })
    expect(response.statusCode).toBe(400)
    expect(apiError(response)).toMatchObject({ ...said('listing.needsPhoto'), errors: [{ path: 'Media', ...said('listing.needsPhoto') }] })
  })

  it('publishes as Coming soon when asked, then refuses to publish again (409)', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const draft = await readyDraft(t, who)
    const response = await call(t, who, { method: 'POST', url: `/api/listings/${draft.id}/publish`, payload: { StandardStatus: 'ComingSoon' } })
    expect(managed(response).StandardStatus).toBe('ComingSoon')
    const again = await call(t, who, { method: 'POST', url: `/api/listings/${draft.id}/publish`, payload: {} })
    expect(again.statusCode).toBe(409)
    expect(apiError(again)).toMatchObject(said('listing.publishOnlyDraft'))
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
      key: 'listing.statusChange',
      params: { from: 'Closed', to: 'Active' },
      message: 'A listing that is Closed cannot be set to Active',
      errors: [{ path: 'StandardStatus', ...said('listing.statusChange', { from: 'Closed', to: 'Active' }) }],
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
      expect(apiError(response)).toMatchObject(said('listing.statusChange', { from: 'Active', to: status }))
    }
  })

  it('moving a draft on goes through the publish check', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const empty = await newListing(t, who)
    const refused = await call(t, who, { method: 'PATCH', url: `/api/listings/${empty.id}/settings`, payload: { StandardStatus: 'Active' } })
    expect(refused.statusCode).toBe(400)
    expect(apiError(refused).errors).toContainEqual({ path: 'Media', ...said('listing.needsPhoto') })
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
    expect(apiError(past)).toMatchObject(said('listing.offerDeadlinePast'))
    const tooMany = await call(t, who, {
      method: 'PATCH',
      url: `/api/listings/${listing.id}/settings`,
      payload: { notify: { owner: true, listAgent: true, emails: Array.from({ length: 11 }, (_, index) => `n${index}@example.com`) } },
    })
    expect(tooMany.statusCode).toBe(400)
    expect(apiError(tooMany)).toMatchObject(said('listing.notifyEmails'))
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
    expect(apiError(heavy)).toMatchObject(said('listing.weightRange'))
    const commission = await call(t, who, { method: 'PUT', url: `/api/listings/${draft.id}/weighting`, payload: { ...weighting, sellerCommissionPercent: 12 } })
    expect(apiError(commission)).toMatchObject(said('listing.commissionRange'))
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
    expect(apiError(refused)).toMatchObject(said('listing.onlyDraftsDeleted'))
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

  it('counts the offers each listing received: shared ones in any status, not buyers\' drafts', async () => {
    const who = await signedInUser(t, ['SELLER_AGENT'])
    const live = await publishedListing(t, who, { StreetNumber: '7', StreetName: 'Oak' })
    const draft = await newListing(t, who, { StreetNumber: '8', StreetName: 'Elm' })
    const [row] = await t.db.select().from(listingTable).where(eq(listingTable.id, live.id))
    for (const status of ['active', 'declined', 'draft'] as const) await createTestOffer(t, { listing: row!, status })
    const mine = (await call(t, who, { method: 'GET', url: '/api/listings/mine' })).json<Page<ListingSummary>>()
    const countOf = (id: string) => mine.items.find((item) => item.id === id)?.offerCount
    expect(countOf(live.id)).toBe(2)
    expect(countOf(draft.id)).toBe(0)
  })

  it.each(['BUYER_SIMPLE', 'ADMIN'] as Role[])('is refused to a %s (403)', async (role) => {
    const who = await signedInUser(t, [role])
    expect((await call(t, who, { method: 'GET', url: '/api/listings/mine' })).statusCode).toBe(403)
    expect((await call(t, who, { method: 'GET', url: '/api/listings/mine/screen' })).statusCode).toBe(403)
  })
})

describe('GET /api/listings/mine/screen', () => {
  it("answers the page /api/listings/mine answers and each tab's count for the same words, the caller's listings only", async () => {
    const who = await signedInUser(t, ['SELLER_AGENT'])
    const someoneElse = await signedInUser(t, ['SELLER_AGENT'])
    await newListing(t, someoneElse, { StreetName: 'Maple' })
    await newListing(t, who, { StreetNumber: '1', StreetName: 'Maple' })
    await publishedListing(t, who, { StreetNumber: '2', StreetName: 'Maple' })
    await newListing(t, who, { StreetNumber: '3', StreetName: 'Cedar' })

    for (const query of ['', '?q=mapl&status=Incomplete&pageSize=1']) {
      const screen = await call(t, who, { method: 'GET', url: `/api/listings/mine/screen${query}` })
      expect(screen.statusCode, screen.body).toBe(200)
      const alone = (await call(t, who, { method: 'GET', url: `/api/listings/mine${query}` })).json<Page<ListingSummary>>()
      expect(screen.json<MyListingsScreen>().listings).toEqual(alone)
    }
    expect((await call(t, who, { method: 'GET', url: '/api/listings/mine/screen' })).json<MyListingsScreen>().counts).toEqual({ all: 3, drafts: 2, active: 1, underContract: 0, closed: 0, offMarket: 0 })
    expect((await call(t, who, { method: 'GET', url: '/api/listings/mine/screen?q=mapl' })).json<MyListingsScreen>().counts).toEqual({ all: 2, drafts: 1, active: 1, underContract: 0, closed: 0, offMarket: 0 })
    expect((await call(t, who, { method: 'GET', url: '/api/listings/mine/screen?pageSize=1000' })).statusCode).toBe(400)
  })
})
