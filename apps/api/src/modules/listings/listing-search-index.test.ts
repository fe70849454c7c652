import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ListingPatch, ListingSearchPage } from '@offerbook/domain/listing'
import { LISTING_SORTS, ListingSearchSchema, PROPERTY_TYPES, SEARCHABLE_STATUSES } from '@offerbook/domain/listing'
import type { FileStorage } from '../../storage/storage'
import { createFileStorage } from '../../storage/create-file-storage'
import { createListingSearch } from './listing-search.service'
import { deleteListingWithPhotos, searchListings } from './listings.service'
import type { Signed } from './listings.test-helpers'
import { bearer, createTestListing, signIn } from '../../../test/factories'
import { call, COMPLETE_FIELDS, useListingsTestApp, newListing, signedInUser, uploadPhoto } from './listings.test-helpers'

/**
 * The index agrees with PostgreSQL (decision 027): listings are created, edited, published, moved
 * between statuses and visibilities, withdrawn and deleted at random through the API, their owner
 * deactivated and reactivated, and after each step random searches get the same answer from the
 * index (GET /api/properties) as from the SQL path (searchListings).
 */

const t = useListingsTestApp()
let agents: Signed[]
let admin: Signed
let storage: FileStorage

beforeAll(async () => {
  agents = [await signedInUser(t, ['SELLER_AGENT']), await signedInUser(t, ['SELLER_AGENT'])]
  admin = await signedInUser(t, ['SUPER_ADMIN'])
  storage = createFileStorage(t.config.storage)
})

const STREETS = ['Oak', 'Maple', 'Magnolia', 'Main', 'Mapleton', 'Elm']
const CITIES = ['Nashville', 'Knoxville', 'Franklin', 'Knox City']
const ZIPS = ['37201', '37902', '37064', '37064-1234']
const TYPES = ['Residential', 'Land', 'Farm', 'CommercialSale'] as const

const fields = fc.record(
  {
    StreetNumber: fc.constantFrom('1', '12', '120', '742', '7'),
    StreetName: fc.constantFrom(...STREETS),
    City: fc.constantFrom(...CITIES),
    PostalCode: fc.constantFrom(...ZIPS),
    ListPrice: fc.constantFrom(250_000, 425_000),
    BedroomsTotal: fc.constantFrom(0, 3, 5),
    BathroomsTotalInteger: fc.constantFrom(1, 2, 3),
    LivingArea: fc.option(fc.constantFrom(900, 1800, 1800, 3200), { nil: null }),
    PropertyType: fc.constantFrom(...TYPES),
    ListingId: fc.option(fc.constantFrom('MLS-778899', 'MLS-1200', 'TN-42'), { nil: null }),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<ListingPatch>

type Action =
  | { kind: 'create'; agent: number; patch: ListingPatch; publish: 'Active' | 'ComingSoon' | null }
  | { kind: 'edit'; pick: number; patch: ListingPatch }
  | { kind: 'status'; pick: number; status: string }
  | { kind: 'visibility'; pick: number; visibility: 'public' | 'unlisted' | 'private' }
  | { kind: 'delete'; pick: number }
  | { kind: 'owner'; agent: number; active: boolean }

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('create' as const), agent: fc.nat(1), patch: fields, publish: fc.constantFrom('Active' as const, 'Active' as const, 'ComingSoon' as const, null) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), patch: fields }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom('Active', 'ActiveUnderContract', 'Pending', 'Closed', 'Withdrawn', 'Canceled', 'Hold', 'ComingSoon') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('visibility' as const), pick: fc.nat(), visibility: fc.constantFrom('public' as const, 'unlisted' as const, 'private' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('owner' as const), agent: fc.nat(1), active: fc.boolean() }) },
)

/** A query-string value, left out most of the time (a search with every filter would rarely match). */
const sometimes = <T,>(value: fc.Arbitrary<T>, weight = 1) => fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight, arbitrary: value })

const query = fc
  .record({
    q: sometimes(fc.constantFrom('oak', 'ma', 'map', 'maple', '12', '1', '37064', '3706', '778899', '7788', 'mls', 'knox', 'knox city', 'nashville 372', '1234', 'x', 'tn', 'elm 7', 'evergreen ter'), 3),
    minPrice: sometimes(fc.constantFrom('100000', '250000', '400000')),
    maxPrice: sometimes(fc.constantFrom('250000', '900000')),
    minBeds: sometimes(fc.constantFrom('0', '3', '4')),
    minBaths: sometimes(fc.constantFrom('2', '3')),
    type: sometimes(fc.subarray([...PROPERTY_TYPES.slice(0, 5)], { minLength: 1 }).map((types) => types.join(','))),
    status: sometimes(fc.subarray([...SEARCHABLE_STATUSES], { minLength: 1 }).map((statuses) => statuses.join(','))),
    sort: sometimes(fc.constantFrom(...LISTING_SORTS), 3),
    page: sometimes(fc.constantFrom('1', '2', '3')),
    pageSize: sometimes(fc.constantFrom('1', '2', '5')),
  })
  .map((picked) => Object.fromEntries(Object.entries(picked).filter((entry): entry is [string, string] => entry[1] !== undefined)))

type Made = { id: string; agent: Signed }
const inactive = new Set<string>()

/** An admin deactivates or reactivates an agent (decision 022); a reactivated agent signs in again. */
async function setActive(agent: Signed, active: boolean): Promise<void> {
  if (active !== inactive.has(agent.id)) return
  const detail = await call(t, admin, { method: 'GET', url: `/api/admin/users/${agent.id}` })
  const expectedUpdatedAt = detail.json<{ user: { updatedAt: string } }>().user.updatedAt
  const response = await call(t, admin, { method: 'POST', url: `/api/admin/users/${agent.id}/${active ? 'reactivate' : 'deactivate'}`, payload: { expectedUpdatedAt } })
  expect(response.statusCode, response.body).toBe(200)
  if (active) {
    inactive.delete(agent.id)
    // Deactivation ended the agent's sessions; createUser's default password signs in again.
    agent.headers = bearer((await signIn(t.app, agent.email, 'correct-horse-battery')).accessToken)
  } else {
    inactive.add(agent.id)
  }
}

async function apply(step: Action, listings: Made[]): Promise<void> {
  const target = 'pick' in step && listings.length > 0 ? listings[step.pick % listings.length] : undefined
  const owner = (listing: Made) => listing.agent
  if (target && inactive.has(target.agent.id)) return
  switch (step.kind) {
    case 'create': {
      const agent = agents[step.agent]!
      // A deactivated account cannot sign in or act; its listings only leave the search.
      if (inactive.has(agent.id)) return
      const draft = await newListing(t, agent, { ...COMPLETE_FIELDS, ...step.patch })
      listings.push({ id: draft.id, agent })
      if (step.publish) {
        expect((await uploadPhoto(t, agent, draft.id)).statusCode).toBe(201)
        expect((await call(t, agent, { method: 'POST', url: `/api/listings/${draft.id}/publish`, payload: { StandardStatus: step.publish } })).statusCode).toBe(200)
      }
      return
    }
    case 'edit':
      if (target) await call(t, owner(target), { method: 'PATCH', url: `/api/listings/${target.id}`, payload: step.patch })
      return
    case 'status':
      // Refused moves (the transition table, a draft without a photo) change nothing, as they should.
      if (target) await call(t, owner(target), { method: 'PATCH', url: `/api/listings/${target.id}/settings`, payload: { StandardStatus: step.status } })
      return
    case 'visibility':
      if (target) await call(t, owner(target), { method: 'PATCH', url: `/api/listings/${target.id}/settings`, payload: { visibility: step.visibility } })
      return
    case 'delete':
      if (target) {
        // A draft through its page; a published listing as the MLS feed removes one.
        const response = await call(t, owner(target), { method: 'DELETE', url: `/api/listings/${target.id}` })
        if (response.statusCode === 409) await deleteListingWithPhotos(t.db, storage, { listingId: target.id })
        listings.splice(listings.indexOf(target), 1)
      }
      return
    case 'owner':
      await setActive(agents[step.agent]!, step.active)
      return
  }
}

describe('the search index', () => {
  it('answers every search as PostgreSQL does while listings change at random', async () => {
    let answersWithItems = 0
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 2, maxLength: 9 }), fc.array(query, { minLength: 2, maxLength: 4 }), async (actions, queries) => {
        const listings: Made[] = []
        for (const step of actions) {
          await apply(step, listings)
          for (const raw of queries) {
            const search = new URLSearchParams(raw).toString()
            const response = await t.app.inject({ method: 'GET', url: `/api/properties?${search}` })
            const parsed = ListingSearchSchema.safeParse(raw)
            if (!parsed.success) {
              expect(response.statusCode, search).toBe(400)
              continue
            }
            expect(response.statusCode, search).toBe(200)
            const sql = await searchListings(t.db, { query: parsed.data })
            expect(response.json<ListingSearchPage>(), search).toEqual(JSON.parse(JSON.stringify(sql)))
            if (sql.items.length > 0) answersWithItems++
          }
        }
        // The next run starts from no listing of its own: the agents' listings go, and both are active.
        for (const agent of agents) await setActive(agent, true)
        for (const listing of listings) await deleteListingWithPhotos(t.db, storage, { listingId: listing.id })
      }),
      // A fixed seed: the same fifteen histories each run, so that the check below (that they are not
      // all of empty pages) holds by construction rather than by luck. FC_SEED explores others.
      { numRuns: 15, seed: Number(process.env.FC_SEED ?? 20261128) },
    )
    // The comparisons were not all of empty pages.
    expect(answersWithItems).toBeGreaterThan(10)
  }, 240_000)

  it('loads every searchable listing when it reads them a page at a time', async () => {
    const agent = agents[0]!
    const made = await Promise.all(Array.from({ length: 7 }, (_, index) => createTestListing(t, { ownerId: agent.id, streetName: `Pagewood`, listPrice: 200_000 + index })))
    const engine = createListingSearch({ db: t.db, loadPage: 2 })
    await engine.start()
    try {
      for (const raw of [{ q: 'pagewood' }, { q: 'pagewood', sort: 'price-desc', pageSize: '3', page: '2' }, {}]) {
        const query = ListingSearchSchema.parse(raw)
        expect(JSON.parse((await engine.search(query)).body)).toEqual(JSON.parse(JSON.stringify(await searchListings(t.db, { query }))))
      }
      expect(JSON.parse((await engine.search(ListingSearchSchema.parse({ q: 'pagewood' }))).body)).toMatchObject({ total: made.length })
    } finally {
      await engine.stop()
      for (const row of made) await deleteListingWithPhotos(t.db, storage, { listingId: row.id })
    }
  })
})
