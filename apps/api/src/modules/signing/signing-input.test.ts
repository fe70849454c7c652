import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { useTestApp } from '../../../test/per-file'
import { acceptedOffer, fieldRefusal, lastLink, offersCaller, packetOf, partiesAsSigners, pdfWithPages, sendOffer, signerCaller, signerViewOf, uploadForm } from './signing.test-helpers'

/**
 * Odd text never reaches the database: NUL (PostgreSQL cannot store it) and a lone surrogate (a JSON
 * column refuses it) get a 400 on their field instead of a 500, and file names lose bidi overrides.
 */

const t = useTestApp()
const call = offersCaller(t)

function refused(response: { statusCode: number; body: string; json: <T>() => T }, path: string) {
  expect(response.statusCode, response.body).toBe(400)
  expect(response.json<ApiError>().errors).toContainEqual(fieldRefusal(path, 'common.unstorableText'))
}

describe('text that cannot be stored', () => {
  it('refuses a NUL in a signer name and a lone surrogate in the note, on their fields, and sends nothing', async () => {
    const deal = await acceptedOffer(t)
    const [buyer, seller] = partiesAsSigners(deal)
    refused(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/signing`, { signers: [{ ...buyer!, name: 'Ben\u0000Buyer' }, seller!] }), 'signers.0.name')
    refused(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/signing`, { signers: [buyer!, seller!], message: 'Please sign \uD800 today' }), 'message')
    const overview = await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}/signing`)
    expect(overview.json<{ packets: unknown[] }>().packets).toEqual([])
  })

  it("refuses a lone surrogate in a signer's decline reason and a NUL in a voiding reason; the packet stays out for signature", async () => {
    const deal = await acceptedOffer(t)
    const packet = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    const link = await lastLink(t, deal.buyer.email)
    refused(await signerCaller(t)(link, 'POST', '/decline', { reason: 'Not \uDC00 now' }), 'reason')
    refused(await call(deal.seller, 'POST', `/api/signing/packets/${packet.id}/void`, { reason: 'Wrong\u0000terms' }), 'reason')
    expect(signerViewOf(await signerCaller(t)(link, 'GET')).packet.status).toBe('sent')
  })

  it('refuses consent to a disclosure version this server never showed', async () => {
    const deal = await acceptedOffer(t)
    await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    const link = await lastLink(t, deal.buyer.email)
    const response = await signerCaller(t)(link, 'POST', '/consent', { accepted: true, version: 'anything\uD800' })
    expect(response.statusCode, response.body).toBe(400)
    expect(signerViewOf(await signerCaller(t)(link, 'GET')).signer.consentedAt).toBeNull()
  })

  it('keeps an uploaded form’s name without the bidi override that would make it read as another file type', async () => {
    const deal = await acceptedOffer(t)
    const packet = packetOf(await uploadForm(t, deal.buyer, deal.offer.id, await pdfWithPages(1), { filename: 'Disclosure\u202Efdp.exe.pdf' }), 201)
    expect(packet.title).toBe('Disclosurefdp.exe')
    expect(packet.documents[0]?.filename).toBe('Disclosurefdp.exe.pdf')
  })
})
