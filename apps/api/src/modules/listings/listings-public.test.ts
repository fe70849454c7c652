import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { ManagedListing, PublicListing } from '@offerbook/domain/listing'
import { createTestListing } from '../../../test/factories'
import { user as userTable } from '../../db/schema/users'
import type { Signed } from './listings.test-helpers'
import { call, listingsTestApp, publishedListing, readyDraft, said, signedInUser } from './listings.test-helpers'

let t: Awaited<ReturnType<typeof listingsTestApp>>
let webDist: string
let agent: Signed

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Offerbook: real-estate offers for Tennessee buyers, sellers, agents and brokers." />
    <title>Offerbook</title>
  </head>
  <body><div id="root"></div></body>
</html>
`

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'offerbook-listings-web-'))
  await writeFile(join(webDist, 'index.html'), INDEX_HTML)
  t = await listingsTestApp({ config: { webDist, publicUrl: 'https://offerbook.example' } })
  agent = await signedInUser(t, ['SELLER_AGENT'], { name: 'Riley Realtor' })
  await t.db.update(userTable).set({ image: '/api/files/0b7e3a8e-31c4-4d4b-9a51-5d2c1a0f9e11', phone: '+16155550188' }).where(eq(userTable.id, agent.id))
})
afterAll(async () => {
  await t.closeAll()
  await rm(webDist, { recursive: true, force: true })
})

const property = (response: { json: <T>() => T }) => response.json<{ property: PublicListing }>().property
const getProperty = (who: Signed | null, id: string) => call(t, who, { method: 'GET', url: `/api/properties/${id}` })
const settings = (who: Signed, id: string, payload: object) => call(t, who, { method: 'PATCH', url: `/api/listings/${id}/settings`, payload })

describe('GET /api/properties/:id', () => {
  let listing: ManagedListing
  beforeAll(async () => {
    listing = await publishedListing(t, agent, {
      ListAgentFullName: 'Riley Realtor',
      ListAgentEmail: agent.email,
      ListAgentDirectPhone: '+16155550188',
      ListOfficeName: 'Music City Realty',
      firmLicenseNumber: 'FIRM-123',
      PublicRemarks: 'Porch and pool',
      ParcelNumber: '063 10 0 045.00',
      TaxLegalDescription: "Lot 45, Section 2, Evergreen subdivision, as recorded in Plat Book 41, Page 118, Register's Office of Williamson County, Tennessee.",
      deedReference: "Instrument No. 20190412-0034567, Register's Office of Williamson County",
    })
  })

  it('shows a published listing to an anonymous visitor without the agent’s e-mail and phone', async () => {
    const response = await getProperty(null, listing.id)
    expect(response.statusCode).toBe(200)
    const shown = property(response)
    expect(shown).toMatchObject({
      id: listing.id,
      StandardStatus: 'Active',
      UnparsedAddress: '742 Evergreen Terrace, Franklin, TN 37064',
      PublicRemarks: 'Porch and pool',
      // Public record: anyone may read it.
      ParcelNumber: '063 10 0 045.00',
      TaxLegalDescription: expect.stringMatching(/^Lot 45, Section 2, Evergreen subdivision, /),
      deedReference: "Instrument No. 20190412-0034567, Register's Office of Williamson County",
      canManage: false,
      listAgent: { name: 'Riley Realtor', office: 'Music City Realty', email: null, phone: null, photoURL: '/api/files/0b7e3a8e-31c4-4d4b-9a51-5d2c1a0f9e11' },
    })
    expect(shown.Media).toHaveLength(1)
    expect(shown).not.toHaveProperty('firmLicenseNumber')
    expect(shown).not.toHaveProperty('ownerId')
    expect(response.body).not.toContain('FIRM-123')
    expect(response.body).not.toContain(agent.email)
    expect(response.body).not.toContain('+16155550188')
    expect(shown).toMatchObject({ ListAgentEmail: null, ListAgentDirectPhone: null })
  })

  it('gives a signed-in visitor the agent’s e-mail and phone', async () => {
    const buyer = await signedInUser(t, ['BUYER_SIMPLE'])
    const shown = property(await getProperty(buyer, listing.id))
    expect(shown.listAgent).toMatchObject({ name: 'Riley Realtor', email: agent.email, phone: '+16155550188' })
    expect(shown).toMatchObject({ ListAgentEmail: agent.email, ListAgentDirectPhone: '+16155550188' })
    expect(shown.canManage).toBe(false)
  })

  it('tells the people who manage the listing that they can manage it', async () => {
    expect(property(await getProperty(agent, listing.id)).canManage).toBe(true)
  })

  it('has no agent photo when the listing agent has no account here', async () => {
    const seller = await signedInUser(t, ['SELLER_OWNER'])
    const own = await publishedListing(t, seller)
    expect(property(await getProperty(null, own.id)).listAgent).toMatchObject({ name: 'Alex Agent', photoURL: null, email: null })
  })

  it('opens an unlisted listing to whoever has the link, a private one and a draft only to their managers', async () => {
    const unlisted = await publishedListing(t, agent)
    await settings(agent, unlisted.id, { visibility: 'unlisted' })
    expect((await getProperty(null, unlisted.id)).statusCode).toBe(200)

    const hidden = await publishedListing(t, agent)
    await settings(agent, hidden.id, { visibility: 'private' })
    const refused = await getProperty(null, hidden.id)
    expect(refused.statusCode).toBe(404)
    expect(refused.json<ApiError>()).toMatchObject(said('listing.notFound'))
    const stranger = await signedInUser(t, ['SELLER_AGENT'])
    expect((await getProperty(stranger, hidden.id)).statusCode).toBe(404)
    expect(property(await getProperty(agent, hidden.id)).canManage).toBe(true)

    const draft = await readyDraft(t, agent)
    expect((await getProperty(null, draft.id)).statusCode).toBe(404)
    expect((await getProperty(stranger, draft.id)).statusCode).toBe(404)
    expect(property(await getProperty(agent, draft.id))).toMatchObject({ StandardStatus: 'Incomplete', canManage: true })
  })

  it('keeps showing a listing that left the market, and hides one marked Delete', async () => {
    const withdrawn = await publishedListing(t, agent)
    await settings(agent, withdrawn.id, { StandardStatus: 'Withdrawn' })
    expect(property(await getProperty(null, withdrawn.id)).StandardStatus).toBe('Withdrawn')
    const owner = await signedInUser(t, ['SELLER_OWNER'])
    const deleted = await createTestListing(t, { ownerId: owner.id, standardStatus: 'Delete' })
    expect((await getProperty(null, deleted.id)).statusCode).toBe(404)
  })

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['7c9e6679-7425-40de-944b-e07fc1f90ae7', 'abc', '%00', 'x'.repeat(300)]) {
      expect((await getProperty(null, id)).statusCode, id).toBe(404)
    }
  })
})

describe('the shared link of /property/:id', () => {
  const page = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } })

  it('carries the title, description and link-preview tags of the listing, with the primary photo as an absolute URL', async () => {
    const listing = await publishedListing(t, agent, { PublicRemarks: 'Big yard, quiet street.' })
    const response = await page(`/property/${listing.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const html = response.body
    const title = '742 Evergreen Terrace, Franklin, TN 37064 | $425,000 | Offerbook'
    expect(html).toContain(`<title>${title}</title>`)
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html.match(/<meta name="description"/g)).toHaveLength(1)
    expect(html).toContain('<meta name="description" content="$425,000 · 4 bd, 3 ba, 2,400 sq ft. Big yard, quiet street." />')
    expect(html).toContain(`<meta property="og:title" content="${title}" />`)
    expect(html).toContain('<meta property="og:type" content="website" />')
    expect(html).toContain(`<meta property="og:url" content="https://offerbook.example/property/${listing.id}" />`)
    expect(html).toContain(`<meta property="og:image" content="https://offerbook.example${listing.Media[0]!.MediaURL}" />`)
    expect(html).toContain('<meta property="og:description" content="$425,000 · 4 bd, 3 ba, 2,400 sq ft. Big yard, quiet street." />')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
    // The main photo is fetched beside the scripts, at the widths and sizes the page shows it with.
    const photo = listing.Media[0]!.MediaURL
    expect(html).toContain(
      `<link rel="preload" as="image" href="${photo}?w=960" imagesrcset="${photo}?w=320 320w, ${photo}?w=640 640w, ${photo}?w=960 960w, ${photo}?w=1280 1280w" imagesizes="(min-width: 62em) 60vw, 100vw" fetchpriority="high" />`,
    )
    expect(html).toContain('<div id="root"></div>')
  })

  it('escapes every value it puts in the page', async () => {
    const owner = await signedInUser(t, ['SELLER_OWNER'])
    const row = await createTestListing(t, { ownerId: owner.id, streetName: '"Quote" <script>alert(1)</script> & Co', publicRemarks: "It's <b>bold</b>" })
    const html = (await page(`/property/${row.id}`)).body
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).not.toContain('<b>bold</b>')
    expect(html).toContain('&quot;Quote&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co')
    expect(html).toContain('It&#39;s &lt;b&gt;bold&lt;/b&gt;')
  })

  it('serves the plain page for unknown ids, private listings, drafts and other pages', async () => {
    const hidden = await publishedListing(t, agent)
    await settings(agent, hidden.id, { visibility: 'private' })
    const draft = await readyDraft(t, agent)
    for (const path of ['/property/5a0d8c1e-2b3f-4a5b-8c7d-9e0f1a2b3c4d', '/property/not-an-id', `/property/${hidden.id}`, `/property/${draft.id}`, '/listings', '/']) {
      const response = await page(path)
      expect(response.statusCode, path).toBe(200)
      expect(response.body, path).toBe(INDEX_HTML)
    }
  })
})
