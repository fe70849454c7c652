import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/per-file'
import { acceptedOffer, completeNow, expectKeyedRefusal, lastLink, offersCaller, outsider, partiesAsSigners, sendOffer, signAs, signerCaller, signerViewOf } from './signing.test-helpers'

const t = useTestApp()
const signer = signerCaller(t)

describe("the last signer's link", () => {
  it('answers the completed packet to a last signer who is not a party of the offer, before and after the completion, and downloads the signed PDF', async () => {
    const deal = await acceptedOffer(t)
    const agent = outsider('agent', 'buyer-agent')
    await sendOffer(t, deal, { signers: [...partiesAsSigners(deal), agent], order: 'parallel' })
    await signAs(t, await lastLink(t, deal.buyer.email))
    await signAs(t, await lastLink(t, deal.seller.email))
    const link = await lastLink(t, agent.email)

    const finished = await signAs(t, link)
    expect(finished.signer.status).toBe('signed')
    expect(['completing', 'completed']).toContain(finished.packet.status)

    // The completion e-mails the agent a new link; the page they have open keeps working.
    expect(await completeNow(t)).toBeGreaterThanOrEqual(1)
    expect((await lastLink(t, agent.email)).token).not.toBe(link.token)
    const after = signerViewOf(await signer(link, 'GET'))
    expect(after.packet.status).toBe('completed')
    expect(after.canDownload).toBe(true)
    const signed = await signer(link, 'GET', '/signed')
    expect(signed.statusCode).toBe(200)
    expect(signed.headers['content-type']).toContain('application/pdf')
    expect(signerViewOf(await signer(await lastLink(t, agent.email), 'GET')).packet.status).toBe('completed')
  })
})

describe("a voided packet's link", () => {
  it('opens the voided page alone: no fields, and no document', async () => {
    const deal = await acceptedOffer(t)
    const agent = outsider('agent', 'buyer-agent')
    const sent = await sendOffer(t, deal, { signers: [...partiesAsSigners(deal), agent], order: 'parallel' })
    const link = await lastLink(t, agent.email)
    expect(signerViewOf(await signer(link, 'GET')).fields.length).toBeGreaterThan(0)
    expect((await signer(link, 'GET', '/document')).statusCode).toBe(200)

    const voided = await offersCaller(t)(deal.buyer, 'POST', `/api/signing/packets/${sent.id}/void`, { reason: 'Terms changed' })
    expect(voided.statusCode, voided.body).toBe(200)

    const view = signerViewOf(await signer(link, 'GET'))
    expect(view.packet.status).toBe('voided')
    expect(view.packet.voidReason).toBe('Terms changed')
    expect(view.fields).toEqual([])
    expectKeyedRefusal(await signer(link, 'GET', '/document'), 409, 'signing.notOpen', { status: 'voided' })
    expectKeyedRefusal(await signer(link, 'GET', '/signed'), 409, 'signing.notOpen', { status: 'voided' })
  })
})

describe("a signer's document in parts", () => {
  it('serves a Range of the PDF as 206 with its Content-Range, the whole without one, and 416 past its end', async () => {
    const deal = await acceptedOffer(t)
    await sendOffer(t, deal, { signers: partiesAsSigners(deal), order: 'parallel' })
    const link = await lastLink(t, deal.buyer.email)
    const url = `/api/signing/signers/${link.signerId}/document`
    const get = (range?: string) => t.app.inject({ method: 'GET', url, headers: { 'x-signing-token': link.token, ...(range ? { range } : {}) } })

    const whole = await get()
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['accept-ranges']).toBe('bytes')
    const bytes = whole.rawPayload
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(Number(whole.headers['content-length'])).toBe(bytes.length)

    const first = await get('bytes=0-1023')
    expect(first.statusCode).toBe(206)
    expect(first.headers['content-range']).toBe(`bytes 0-1023/${bytes.length}`)
    expect(first.rawPayload.equals(bytes.subarray(0, 1024))).toBe(true)

    const tail = await get(`bytes=${bytes.length - 100}-${bytes.length + 5000}`)
    expect(tail.statusCode).toBe(206)
    expect(tail.headers['content-range']).toBe(`bytes ${bytes.length - 100}-${bytes.length - 1}/${bytes.length}`)
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 100))).toBe(true)

    const past = await get(`bytes=${bytes.length}-`)
    expect(past.statusCode).toBe(416)
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`)

    // What is not one plain range is answered with the whole file.
    for (const odd of ['bytes=-500', 'bytes=0-10,20-30', 'items=0-1', 'bytes=9-3', 'bytes=x-y']) {
      const answer = await get(odd)
      expect(answer.statusCode, odd).toBe(200)
      expect(answer.rawPayload.length, odd).toBe(bytes.length)
    }
    // A link without its token gets no bytes, range or not.
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-10' } })).statusCode).not.toBe(206)
  })
})
