import { describe, expect, it } from 'vitest'
import type { PublicListing } from '@offerbook/domain/listing'
import type { User } from '@offerbook/domain/user'
import { apiError, call, managed, newListing, publishedListing, said, signedInUser, useListingsTestApp } from './listings.test-helpers'

/** Spec section 5's optional URL rule ('Invalid url') on a listing's virtual tour and an agent's website. */

const t = useListingsTestApp()

const BAD_URLS = ['tour', 'www.example.com', 'ftp://example.com/tour', 'javascript:alert(1)', 'https://exa mple.com', `https://example.com/${'x'.repeat(2001)}`]

describe('a listing\'s virtual tour link (RESO VirtualTourURLUnbranded)', () => {
  it('is optional, kept when it is an http(s) address, refused on its field otherwise, and shown on the property page', async () => {
    const who = await signedInUser(t, ['SELLER_OWNER'])
    const draft = await newListing(t, who, { VirtualTourURLUnbranded: 'https://my.matterport.com/show/?m=abc123' })
    expect(draft.VirtualTourURLUnbranded).toBe('https://my.matterport.com/show/?m=abc123')
    for (const url of BAD_URLS) {
      const refused = await call(t, who, { method: 'PATCH', url: `/api/listings/${draft.id}`, payload: { VirtualTourURLUnbranded: url, PublicRemarks: 'Changed' } })
      expect(refused.statusCode, url).toBe(400)
      const expected = url.length > 2000 ? 'common.tooLong' : 'common.invalidUrl'
      expect(apiError(refused).errors, url).toEqual([expect.objectContaining({ path: 'VirtualTourURLUnbranded', key: expected })])
    }
    const kept = managed(await call(t, who, { method: 'GET', url: `/api/listings/${draft.id}` }))
    expect(kept).toMatchObject({ VirtualTourURLUnbranded: 'https://my.matterport.com/show/?m=abc123', PublicRemarks: null })
    expect(apiError(await call(t, who, { method: 'PATCH', url: `/api/listings/${draft.id}`, payload: { VirtualTourURLUnbranded: 'tour' } }))).toMatchObject({
      errors: [expect.objectContaining(said('common.invalidUrl'))],
    })
    expect(said('common.invalidUrl').message).toBe('Invalid url')
    const cleared = managed(await call(t, who, { method: 'PATCH', url: `/api/listings/${draft.id}`, payload: { VirtualTourURLUnbranded: '' } }))
    expect(cleared.VirtualTourURLUnbranded).toBeNull()

    const published = await publishedListing(t, who, { VirtualTourURLUnbranded: 'http://tours.example.com/12-oak' })
    const page = await call(t, null, { method: 'GET', url: `/api/properties/${published.id}` })
    expect(page.json<{ property: PublicListing }>().property.VirtualTourURLUnbranded).toBe('http://tours.example.com/12-oak')
  })
})

describe("an agent's website", () => {
  it('is kept on the profile when it is an http(s) address, refused with Invalid url otherwise, and shown on the agent card of their listings', async () => {
    const agent = await signedInUser(t, ['SELLER_AGENT'], { name: 'Lena Listing' })
    const patch = (payload: object) => call(t, agent, { method: 'PATCH', url: '/api/me', payload })
    const saved = await patch({ website: ' https://lenalisting.example.com ' })
    expect(saved.statusCode).toBe(200)
    expect(saved.json<{ user: User }>().user.website).toBe('https://lenalisting.example.com')
    for (const url of BAD_URLS) {
      const refused = await patch({ website: url, zipcode: '37203' })
      expect(refused.statusCode, url).toBe(400)
      expect(apiError(refused).errors, url).toEqual([expect.objectContaining({ path: 'website' })])
    }
    expect(apiError(await patch({ website: 'lena' })).errors).toEqual([expect.objectContaining({ path: 'website', ...said('common.invalidUrl') })])
    const me = (await call(t, agent, { method: 'GET', url: '/api/me' })).json<{ user: User }>().user
    expect(me).toMatchObject({ website: 'https://lenalisting.example.com', zipcode: null })

    const listing = await publishedListing(t, agent)
    const card = (await call(t, null, { method: 'GET', url: `/api/properties/${listing.id}` })).json<{ property: PublicListing }>().property.listAgent
    expect(card.website).toBe('https://lenalisting.example.com')

    expect((await patch({ website: '' })).json<{ user: User }>().user.website).toBeNull()
  })

  it('belongs to agents: anyone else sending one is told so on the field', async () => {
    const buyer = await signedInUser(t, ['BUYER_SIMPLE'])
    const refused = await call(t, buyer, { method: 'PATCH', url: '/api/me', payload: { website: 'https://example.com' } })
    expect(refused.statusCode).toBe(400)
    expect(apiError(refused).errors).toEqual([expect.objectContaining({ path: 'website', key: 'profile.agentDetailsOnly' })])
  })
})
