// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { PublicListing } from '@offerbook/domain/listing'
import { PAGE_DATA_ID } from './page-data'
import type { FetchApi } from './render'
import { PRERENDERED_PATHS, renderPublicPage, rendersPerRequest } from './render'
import { publicTranslator } from './public-texts'

/**
 * The public shell rendered without a browser, as the build prerenders the static pages and the
 * server renders /property/{id} and /listings: the page's text in the HTML, in the public shell's
 * own texts (a key missing from them would show as the key itself), and the answers it read sent along.
 */

const LISTING = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  ListingKey: 'DEMO-0001',
  ListingId: null,
  StandardStatus: 'Active',
  UnparsedAddress: '12 Dogwood Ln, Franklin, TN 37064',
  ModificationTimestamp: '2026-11-26T11:07:15.073Z',
  ListPrice: 459000,
  StreetNumber: '12',
  StreetName: 'Dogwood',
  StreetSuffix: 'Ln',
  UnitNumber: null,
  City: 'Franklin',
  StateOrProvince: 'TN',
  PostalCode: '37064',
  CountyOrParish: 'Williamson',
  PropertyType: 'Residential',
  BedroomsTotal: 3,
  BathroomsTotalInteger: 2,
  LivingArea: 1850,
  LotSizeAcres: 0.3,
  YearBuilt: 1998,
  PublicRemarks: 'Porch swing included. </script><script>alert(1)</script>',
  ParcelNumber: '063 10 0 045.00',
  TaxLegalDescription: "Lot 45, Section 2, Dogwood Hills subdivision, as recorded in Plat Book 41, Page 118, Register's Office of Williamson County, Tennessee.",
  deedReference: null,
  VirtualTourURLUnbranded: null,
  ListAgentFullName: 'Lena Listing',
  ListAgentEmail: null,
  ListAgentDirectPhone: null,
  ListAgentMlsId: 'TN-100003',
  ListOfficeName: 'Offerbook Demo Realty',
  offerDeadline: null,
  offerPreferences: ['preApprovalLetter'],
  offerInstructions: 'Best and final by Friday.',
  Media: [],
  listAgent: { name: 'Lena Listing', email: null, phone: null, photoURL: null, office: 'Offerbook Demo Realty', website: null },
  canManage: false,
} satisfies PublicListing

const SUMMARY = {
  id: LISTING.id,
  ListingKey: LISTING.ListingKey,
  ListingId: null,
  StandardStatus: 'Active',
  UnparsedAddress: LISTING.UnparsedAddress,
  ModificationTimestamp: LISTING.ModificationTimestamp,
  ListPrice: LISTING.ListPrice,
  City: 'Franklin',
  PostalCode: '37064',
  PropertyType: 'Residential',
  BedroomsTotal: 3,
  BathroomsTotalInteger: 2,
  LivingArea: 1850,
  primaryPhotoURL: null,
  offerDeadline: null,
  visibility: 'public',
  draftStep: null,
}

/** The keys the public shell's translator could not find while `work` rendered. */
async function missingKeysDuring(work: () => Promise<void>): Promise<string[]> {
  const missing: string[] = []
  const stop = publicTranslator('en-us').watchMissing((key) => void missing.push(key))
  try {
    await work()
  } finally {
    stop()
  }
  return missing
}

describe('the public shell on the server', () => {
  it('prerenders every static public page, each with its heading, in the public texts alone', async () => {
    expect(PRERENDERED_PATHS).toEqual(expect.arrayContaining(['/', '/how-it-works', '/about-us', '/offers-optimized', '/the-team', '/terms', '/boilerplate']))
    for (const path of PRERENDERED_PATHS) {
      const page = await renderPublicPage(path)
      expect(page, path).not.toBeNull()
      expect(page?.html, path).toMatch(/<h1[^>]*>[^<]+<\/h1>/)
      // A text i18n cannot find renders as its key: none may show.
      expect(page?.html, path).not.toMatch(/>(?:nav|shell|publicHome|publicPages|search|property|listing)\.[\w.]+</)
      expect(page?.title, path).toMatch(/ · Offerbook$/)
      expect(page?.dataScript, path).toBe('')
    }
  })

  it('renders a property page with the listing it read, and sends that listing along, safe inside the HTML', async () => {
    const asked: string[] = []
    const fetchApi: FetchApi = async (path) => {
      asked.push(path)
      return { status: 200, body: { property: LISTING } }
    }
    const page = await renderPublicPage(`/property/${LISTING.id}`, fetchApi)
    expect(asked).toEqual([`/api/properties/${LISTING.id}`])
    expect(page?.html).toContain('12 Dogwood Ln, Franklin, TN 37064')
    expect(page?.html).toContain('$459,000')
    expect(page?.html).toContain('Make an offer')
    // The public record it gives, and nothing for the part it leaves out.
    expect(page?.html).toContain('Tax parcel number')
    expect(page?.html).toContain('063 10 0 045.00')
    expect(page?.html).toContain('Lot 45, Section 2, Dogwood Hills subdivision')
    expect(page?.html).not.toContain('Deed reference')
    // The remarks' closing tag cannot end the data block early.
    expect(page?.dataScript).toMatch(new RegExp(`^<script type="application/json" id="${PAGE_DATA_ID}">`))
    expect(page?.dataScript.match(/<\/script>/g)).toHaveLength(1)
    const json = JSON.parse(page?.dataScript.replace(/^<script[^>]*>|<\/script>$/g, '') ?? '') as { queries: { key: unknown[]; data: PublicListing }[] }
    expect(json.queries).toEqual([{ key: ['properties', 'detail', LISTING.id, 'anonymous'], data: LISTING }])
  })

  it('renders the search page with the results of the query in its address', async () => {
    const asked: string[] = []
    const fetchApi: FetchApi = async (path) => {
      asked.push(path)
      return { status: 200, body: { items: [SUMMARY], total: 13, page: 2, pageSize: 12, totalCapped: false } }
    }
    const page = await renderPublicPage('/listings?q=franklin&page=2', fetchApi)
    expect(asked).toHaveLength(1)
    expect(new URL(asked[0] ?? '', 'http://x').searchParams.get('q')).toBe('franklin')
    expect(new URL(asked[0] ?? '', 'http://x').searchParams.get('page')).toBe('2')
    expect(page?.html).toContain('12 Dogwood Ln, Franklin, TN 37064')
  })

  it('renders the home page per request with the newest homes taking offers, filled up with the newest others', async () => {
    expect(['/', '/listings?q=x', `/property/${LISTING.id}`].map(rendersPerRequest)).toEqual([true, true, true])
    expect(['/how-it-works', '/terms', '/dashboard'].map(rendersPerRequest)).toEqual([false, false, false])
    const asked: URLSearchParams[] = []
    const fetchApi: FetchApi = async (path) => {
      const query = new URL(path, 'http://x').searchParams
      asked.push(query)
      const items = query.get('status') === 'Active' ? [SUMMARY] : [SUMMARY, { ...SUMMARY, id: 'b', UnparsedAddress: '9 Coming Soon Rd, Franklin, TN 37064', StandardStatus: 'ComingSoon' }]
      return { status: 200, body: { items, total: items.length, page: 1, pageSize: Number(query.get('pageSize')), totalCapped: false } }
    }
    const page = await renderPublicPage('/', fetchApi)
    expect(asked.map((query) => [query.get('status'), query.get('pageSize')])).toEqual([
      ['Active', '6'],
      [null, '12'],
    ])
    expect(page?.html).toContain('12 Dogwood Ln, Franklin, TN 37064')
    expect(page?.html).toContain('9 Coming Soon Rd, Franklin, TN 37064')
  })

  it('leaves to the browser a page whose data the server could not read, and any page outside the public shell', async () => {
    expect(await renderPublicPage('/property/nope', async () => ({ status: 404, body: null }))).toBeNull()
    expect(await renderPublicPage('/listings', async () => ({ status: 400, body: null }))).toBeNull()
    expect(await renderPublicPage('/dashboard', async () => ({ status: 200, body: {} }))).toBeNull()
    expect(await renderPublicPage('/auth/sign-in')).toBeNull()
  })

  it('finds every text the public pages show among the public texts', async () => {
    // The translator starts with the first render.
    await renderPublicPage('/')
    const missing = await missingKeysDuring(async () => {
      for (const path of PRERENDERED_PATHS) await renderPublicPage(path)
      await renderPublicPage(`/property/${LISTING.id}`, async () => ({ status: 200, body: { property: LISTING } }))
      await renderPublicPage('/listings', async () => ({ status: 200, body: { items: [SUMMARY], total: 1, page: 1, pageSize: 12, totalCapped: false } }))
    })
    expect(missing).toEqual([])
  })
})
