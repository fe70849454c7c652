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
