import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import type { OfferAttachment, OfferTerms } from '@offerbook/domain/offer'
import { bearer, createTestOffer, signIn } from '../../../test/factories'
import { offer as offerTable } from '../../db/schema/offers'
import { multipart } from '../files/files.test-helpers'
import { offerOf, offersTestApp } from './offers.test-helpers'

/** The spec's words for text with characters the database cannot keep. */
const UNSTORABLE = 'This text contains characters that cannot be saved'

/** One rule for free text (docs/decisions/017-free-text.md): refused with a 400 on its field, nothing saved. */

const suite = offersTestApp()
const { call } = suite

const STORED_TERMS = {
  stipulations: 'Seller to leave the washer and dryer.',
  buyers: [{ fullName: 'Ben Buyer', email: 'ben@example.com', phone: '' }],
  earnestMoney: { holderName: 'Title Co' },
  financing: { lenderName: 'First Bank' },
}

/** The dotted paths of the offer's free-text fields (PATCH /api/offers/{id} body, under terms). */
const FREE_TEXT_FIELDS = [
  'earnestMoney.holderName',
  'financing.otherDescription',
  'financing.lenderName',
  'buyers.0.fullName',
  ...['buyerAgent', 'listingAgent'].flatMap((agent) => ['fullName', 'firmName', 'firmLicenseNumber', 'licenseNumber'].map((field) => `${agent}.${field}`)),
  'stipulations',
]

function withText(terms: OfferTerms, path: string, text: string): OfferTerms {
  const copy = structuredClone(terms) as unknown as Record<string, unknown>
  const keys = path.split('.')
  let node = copy
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>
  node[keys.at(-1)!] = text
  return copy as unknown as OfferTerms
}

async function draft() {
  const created = await createTestOffer(suite.t, { terms: STORED_TERMS })
  const before = offerOf(await call(created.buyer, 'GET', `/api/offers/${created.offer.id}`))
  return { ...created, before }
}

describe('PATCH /api/offers/{id} refuses text that cannot be stored', () => {
  it.each([
    ['a NUL', 'stipulations', 'Seller to leave\u0000 the fridge.'],
    ['a lone high surrogate', 'stipulations', 'Seller to leave \uD83D the fridge.'],
    ['a lone low surrogate', 'stipulations', '\uDE00 the fridge'],
    ['a NUL', 'buyers.0.fullName', 'Ben\u0000 Buyer'],
    ['a lone high surrogate', 'buyers.0.fullName', 'Ben \uD800Buyer'],
  ])('answers 400 for %s in terms.%s, names the field, and changes nothing', async (_what, field, text) => {
    const { buyer, offer, before } = await draft()
    const [rowBefore] = await suite.t.db.select().from(offerTable).where(eq(offerTable.id, offer.id))
    const response = await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: withText(before.terms, field, text) })
    expect(response.statusCode, response.body).toBe(400)
    const body = ApiErrorSchema.parse(response.json())
    expect(body).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', key: 'common.unstorableText', message: UNSTORABLE })
    expect(body.errors).toEqual([{ path: `terms.${field}`, key: 'common.unstorableText', message: UNSTORABLE }])
    const after = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    expect(after.terms).toEqual(before.terms)
    expect(after.terms.stipulations).toBe(STORED_TERMS.stipulations)
    expect(after.terms.buyers[0]?.fullName).toBe('Ben Buyer')
    const [rowAfter] = await suite.t.db.select().from(offerTable).where(eq(offerTable.id, offer.id))
    expect(rowAfter?.updatedAt).toEqual(rowBefore?.updatedAt)
  })

  it('answers 400, never 500, for a NUL in each of the 13 free-text fields and in an addendum value', async () => {
    const { buyer, offer, before } = await draft()
    expect(FREE_TEXT_FIELDS).toHaveLength(13)
    for (const field of FREE_TEXT_FIELDS) {
      const response = await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: withText(before.terms, field, 'x\u0000y') })
      expect(response.statusCode, field).toBe(400)
      expect(response.json<{ errors?: unknown }>().errors, field).toEqual([{ path: `terms.${field}`, key: 'common.unstorableText', message: UNSTORABLE }])
    }
    const addendum = await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: { ...before.terms, addendum: { Ntext1: 'Our \uD800 words' } } })
    expect(addendum.statusCode).toBe(400)
    expect(addendum.json<{ errors?: unknown }>().errors).toEqual([{ path: 'terms.addendum.Ntext1', key: 'common.unstorableText', message: UNSTORABLE }])
    expect(offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`)).terms).toEqual(before.terms)
  })

  it('still saves text with accents, emoji and line breaks', async () => {
    const { buyer, offer, before } = await draft()
    const stipulations = 'Seller leaves the 🏠 keys.\nJosé Núñez signs for the buyer.'
    const saved = offerOf(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: withText(before.terms, 'stipulations', stipulations) }))
    expect(saved.terms.stipulations).toBe(stipulations)
  })
})

describe('an uploaded file name loses its bidi controls', () => {
  async function upload(created: Awaited<ReturnType<typeof draft>>, filename: string) {
    const form = await multipart([{ name: 'file', value: Buffer.from('%PDF-1.4\n%%EOF\n'), filename, type: 'application/pdf' }])
    const auth = bearer((await signIn(suite.t.app, created.buyer.email, created.buyer.password)).accessToken)
    const response = await suite.t.app.inject({ method: 'POST', url: `/api/offers/${created.offer.id}/attachments`, payload: form.payload, headers: { ...form.headers, ...auth } })
    expect(response.statusCode, response.body).toBe(201)
    return { attachment: response.json<{ attachment: OfferAttachment }>().attachment, headers: auth }
  }

  it('stores and shows a name with U+202E without it, in the answer, the offer and the download', async () => {
    const created = await draft()
    const { attachment, headers } = await upload(created, 'invoice\u202Efdp.exe\u200F.pdf')
    expect(attachment.filename).toBe('invoicefdp.exe.pdf')
    const shown = offerOf(await call(created.buyer, 'GET', `/api/offers/${created.offer.id}`))
    expect(shown.attachments.map((file) => file.filename)).toEqual(['invoicefdp.exe.pdf'])
    const download = await suite.t.app.inject({ method: 'GET', url: `/api/offers/${created.offer.id}/attachments/${attachment.id}`, headers })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-disposition']).toBe(`attachment; filename="invoicefdp.exe.pdf"; filename*=UTF-8''invoicefdp.exe.pdf`)
  })

  it('falls back to a default name when nothing else is left', async () => {
    const created = await draft()
    const { attachment } = await upload(created, '\u202E\u2066\u200E')
    expect(attachment.filename).toBe('attachment.pdf')
  })
})
