import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { OfferSigning } from '@offerbook/domain/signing'
import { useTestApp } from '../../../test/per-file'
import { createTestOffer } from '../../../test/factories'
import { signingPacket, signingSigner } from '../../db/schema/signing'
import {
  acceptedOffer,
  ADOPTED,
  authOf,
  completeNow,
  createUser,
  expectKeyedRefusal,
  fieldRefusal,
  lastLink,
  offersCaller,
  outboxTo,
  outsider,
  packetOf,
  partiesAsSigners,
  pdfWithPages,
  sendOffer,
  signAs,
  signerCaller,
  signerViewOf,
  uploadForm,
} from './signing.test-helpers'

const run = promisify(execFile)

const t = useTestApp()
const call = offersCaller(t)
const signer = signerCaller(t)

const ZERO_UUID = '00000000-0000-4000-8000-000000000000'

describe('the SMS code', () => {
  it('a packet that requires a code needs a phone for every signer', async () => {
    const deal = await acceptedOffer(t)
    const refused = expectKeyedRefusal(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/signing`, { signers: partiesAsSigners(deal), requireSmsCode: true }), 400, 'signing.phoneRequiredForCode')
    expect(refused.errors).toEqual([
      fieldRefusal('signers.0.phone', 'signing.phoneRequiredForCode'),
      fieldRefusal('signers.1.phone', 'signing.phoneRequiredForCode'),
    ])
    expect((await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}/signing`)).json<OfferSigning>().packets).toEqual([])
    expect(await outboxTo(t, deal.buyer.email, 'signing.invite')).toEqual([])
  })

  it('a signer proves their phone with the texted code before consenting, with tries and resends limited', async () => {
    const deal = await acceptedOffer(t)
    const [buyer, seller] = partiesAsSigners(deal)
    const sent = await sendOffer(t, deal, { signers: [{ ...buyer!, phone: '(615) 555-0141' }, { ...seller!, phone: '+16155550142' }], requireSmsCode: true })
    expect(sent.requireSmsCode).toBe(true)
    const link = await lastLink(t, deal.buyer.email)
    const codeOf = async (phone: string) => {
      const texts = await outboxTo(t, phone, 'signing.code')
      const code = /\b(\d{6})\b/.exec(texts.at(-1)?.textBody ?? '')?.[1]
      if (!code) throw new Error(`no signing code was texted to ${phone}`)
      return { code, count: texts.length }
    }

    expect(signerViewOf(await signer(link, 'GET')).signer).toMatchObject({ needsCode: true, codeVerified: false, phoneHint: '•••0141' })
    expectKeyedRefusal(await signer(link, 'POST', '/consent', { accepted: true }), 400, 'signing.codeRequired')
    expectKeyedRefusal(await signer(link, 'POST', '/finish', { adopted: ADOPTED }), 400, 'signing.codeRequired')

    const asked = await signer(link, 'POST', '/code')
    expect(asked.statusCode, asked.body).toBe(204)
    const first = await codeOf('+16155550141')
    expect(first.count).toBe(1)
    // Another code within the minute is refused, and none is texted.
    expectKeyedRefusal(await signer(link, 'POST', '/code'), 429, 'signing.codeWait')
    expect((await codeOf('+16155550141')).count).toBe(1)

    const wrong = first.code === '000000' ? '111111' : '000000'
    const invalid = expectKeyedRefusal(await signer(link, 'POST', '/code/verify', { code: wrong }), 400, 'signing.codeInvalid')
    expect(invalid.errors?.[0]?.path).toBe('code')
    for (let attempt = 2; attempt <= 4; attempt++) expectKeyedRefusal(await signer(link, 'POST', '/code/verify', { code: wrong }), 400, 'signing.codeInvalid')
    expectKeyedRefusal(await signer(link, 'POST', '/code/verify', { code: wrong }), 429, 'signing.codeTooManyTries')
    // After five wrong tries even the right code is refused until a new one is sent.
    expectKeyedRefusal(await signer(link, 'POST', '/code/verify', { code: first.code }), 429, 'signing.codeTooManyTries')
    expect(signerViewOf(await signer(link, 'GET')).signer.codeVerified).toBe(false)

    // A minute later, a new code.
    await t.db
      .update(signingSigner)
      .set({ codeSentAt: new Date(Date.now() - 61_000) })
      .where(eq(signingSigner.id, link.signerId))
    expect((await signer(link, 'POST', '/code')).statusCode).toBe(204)
    const second = await codeOf('+16155550141')
    expect(second.count).toBe(2)
    const verified = signerViewOf(await signer(link, 'POST', '/code/verify', { code: second.code }))
    expect(verified.signer.codeVerified).toBe(true)
    await signAs(t, link)

    // The other signer, straight through; their phone was given in E.164.
    const sellerLink = await lastLink(t, deal.seller.email)
    expect((await signer(sellerLink, 'POST', '/code')).statusCode).toBe(204)
    signerViewOf(await signer(sellerLink, 'POST', '/code/verify', { code: (await codeOf('+16155550142')).code }))
    expect((await signAs(t, sellerLink)).packet.status).toBe('completing')

    const events = packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${sent.id}`)).events.map((event) => event.type)
    expect(events.filter((type) => type === 'code-sent')).toHaveLength(3)
    expect(events.filter((type) => type === 'code-verified')).toHaveLength(2)
    expect(events.indexOf('code-verified')).toBeLessThan(events.indexOf('consented'))

    expect(await completeNow(t)).toBe(1)
    const pdf = await t.app.inject({ method: 'GET', url: `/api/signing/packets/${sent.id}/signed`, headers: await authOf(t, deal.buyer) })
    expect(pdf.statusCode).toBe(200)
    const file = join(mkdtempSync(join(tmpdir(), 'offerbook-sms-')), 'signed.pdf')
    writeFileSync(file, pdf.rawPayload)
    const text = (await run('pdftotext', ['-raw', file, '-'])).stdout.replace(/\s+/g, ' ')
    expect(text.split('Email link and SMS code').length - 1).toBe(2)
  })
})

describe('who may see and manage a packet', () => {
  it('an anonymous caller is refused with 401 on every party endpoint', async () => {
    const deal = await acceptedOffer(t)
    const sent = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    const requests: [InjectOptions['method'], string, unknown?][] = [
      ['GET', `/api/offers/${deal.offer.id}/signing`],
      ['POST', `/api/offers/${deal.offer.id}/signing`, { signers: partiesAsSigners(deal) }],
      ['GET', `/api/signing/packets/${sent.id}`],
      ['GET', `/api/signing/packets/${sent.id}/original`],
      ['GET', `/api/signing/packets/${sent.id}/signed`],
      ['POST', `/api/signing/packets/${sent.id}/send`, { signers: partiesAsSigners(deal), fields: [] }],
      ['DELETE', `/api/signing/packets/${sent.id}`],
      ['POST', `/api/signing/packets/${sent.id}/remind`],
      ['POST', `/api/signing/packets/${sent.id}/void`, { reason: 'No' }],
    ]
    for (const [method, url, payload] of requests) expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401)
    expect((await uploadForm(t, null, deal.offer.id, await pdfWithPages(1))).statusCode).toBe(401)
    expect(packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${sent.id}`))).toMatchObject({ status: 'sent', voidedAt: null })
  })

  it("a stranger and a party of another offer get 404 for the packet and the offer's signing, and change nothing", async () => {
    const deal = await acceptedOffer(t)
    const sent = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    const stranger = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const otherDeal = await acceptedOffer(t)
    for (const who of [stranger, otherDeal.buyer, otherDeal.seller]) {
      expect((await call(who, 'GET', `/api/offers/${deal.offer.id}/signing`)).statusCode).toBe(404)
      expectKeyedRefusal(await call(who, 'GET', `/api/signing/packets/${sent.id}`), 404, 'signing.packetNotFound')
      expectKeyedRefusal(await call(who, 'POST', `/api/signing/packets/${sent.id}/remind`), 404, 'signing.packetNotFound')
      expectKeyedRefusal(await call(who, 'POST', `/api/signing/packets/${sent.id}/void`, { reason: 'Mine now' }), 404, 'signing.packetNotFound')
      expectKeyedRefusal(await call(who, 'GET', `/api/signing/packets/${sent.id}/original`), 404, 'signing.packetNotFound')
      expectKeyedRefusal(await call(who, 'GET', `/api/signing/packets/${sent.id}/signed`), 404, 'signing.packetNotFound')
      expect((await call(who, 'POST', `/api/offers/${deal.offer.id}/signing`, { signers: partiesAsSigners(deal) })).statusCode).toBe(404)
      expect((await uploadForm(t, who, deal.offer.id, await pdfWithPages(1))).statusCode).toBe(404)
    }
    const packet = packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${sent.id}`))
    expect(packet).toMatchObject({ status: 'sent', voidedAt: null })
    expect(packet.signers.every((row) => row.lastRemindedAt === null)).toBe(true)
    expect(await t.db.select().from(signingPacket).where(eq(signingPacket.offerId, deal.offer.id))).toHaveLength(1)
    // The party's own original downloads.
    const original = await t.app.inject({ method: 'GET', url: `/api/signing/packets/${sent.id}/original`, headers: await authOf(t, deal.seller) })
    expect(original.statusCode).toBe(200)
    expect(original.headers['content-type']).toBe('application/pdf')
  })

  it('only an accepted offer can be sent for signature or get a form document', async () => {
    for (const status of ['active', 'declined'] as const) {
      const created = await createTestOffer(t, { status })
      expectKeyedRefusal(await call(created.buyer, 'POST', `/api/offers/${created.offer.id}/signing`, { signers: [{ name: 'Ben Buyer', email: created.buyer.email, phone: '', role: 'buyer' }] }), 409, 'signing.offerNotAccepted')
      expectKeyedRefusal(await uploadForm(t, created.buyer, created.offer.id, await pdfWithPages(1)), 409, 'signing.offerNotAccepted')
      expect(await t.db.select().from(signingPacket).where(eq(signingPacket.offerId, created.offer.id))).toEqual([])
    }
  })

  it('the signed PDF is refused until the packet is completed, for a party and for a signer', async () => {
    const deal = await acceptedOffer(t)
    const sent = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    const link = await lastLink(t, deal.buyer.email)
    expectKeyedRefusal(await call(deal.buyer, 'GET', `/api/signing/packets/${sent.id}/signed`), 409, 'signing.notCompleted')
    expectKeyedRefusal(await t.app.inject({ method: 'GET', url: `/api/signing/signers/${link.signerId}/signed?token=${link.token}` }), 409, 'signing.notCompleted')
    const document = await t.app.inject({ method: 'GET', url: `/api/signing/signers/${link.signerId}/document?token=${link.token}` })
    expect(document.statusCode).toBe(200)
    expect(document.headers['content-type']).toBe('application/pdf')
  })
})

describe("a signer's link", () => {
  it("opens only its own signer: another signer's id, a garbage token, no token or a bad id are all 404", async () => {
    const deal = await acceptedOffer(t)
    await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    const buyerLink = await lastLink(t, deal.buyer.email)
    const sellerLink = await lastLink(t, deal.seller.email)
    const wrongs = [
      { signerId: sellerLink.signerId, token: buyerLink.token },
      { signerId: buyerLink.signerId, token: 'not-a-token' },
      { signerId: buyerLink.signerId, token: `${buyerLink.token}x` },
      { signerId: ZERO_UUID, token: buyerLink.token },
      { signerId: 'not-a-uuid', token: buyerLink.token },
      { signerId: buyerLink.signerId, token: 'x'.repeat(5000) },
    ]
    for (const link of wrongs) {
      for (const [method, suffix, payload] of [
        ['GET', ''],
        ['POST', '/consent', { accepted: true }],
        ['POST', '/code'],
        ['POST', '/finish', { adopted: ADOPTED }],
        ['POST', '/decline', { reason: 'No' }],
      ] as const) {
        expectKeyedRefusal(await signer(link, method, suffix, payload), 404, 'signing.linkNotValid')
      }
    }
    // Without any token, by the header or the query.
    expectKeyedRefusal(await t.app.inject({ method: 'GET', url: `/api/signing/signers/${buyerLink.signerId}` }), 404, 'signing.linkNotValid')
    expectKeyedRefusal(await t.app.inject({ method: 'POST', url: `/api/signing/signers/${buyerLink.signerId}/finish`, payload: { adopted: ADOPTED } }), 404, 'signing.linkNotValid')
    // A download link with a garbage token, short or long.
    for (const token of ['garbage', 'x'.repeat(500)]) {
      for (const which of ['document', 'signed']) {
        expectKeyedRefusal(await t.app.inject({ method: 'GET', url: `/api/signing/signers/${buyerLink.signerId}/${which}?token=${token}` }), 404, 'signing.linkNotValid')
      }
    }
    // Nothing happened to either signer.
    const rows = await t.db.select().from(signingSigner).where(eq(signingSigner.status, 'pending'))
    expect(rows.filter((row) => [buyerLink.signerId, sellerLink.signerId].includes(row.id)).map((row) => [row.viewedAt, row.consentedAt])).toEqual([
      [null, null],
      [null, null],
    ])
  })

  it('after completion nothing can change: void, remind, finish and decline are refused', async () => {
    const deal = await acceptedOffer(t)
    const agent = outsider('agent', 'buyer-agent')
    const sent = await sendOffer(t, deal, { signers: [...partiesAsSigners(deal), agent] })
    for (const email of [deal.buyer.email, deal.seller.email, agent.email]) await signAs(t, await lastLink(t, email))
    expect(await completeNow(t)).toBe(1)
    const link = await lastLink(t, agent.email)
    expect(link.kind).toBe('signing.completed')

    expectKeyedRefusal(await call(deal.buyer, 'POST', `/api/signing/packets/${sent.id}/void`, { reason: 'Changed my mind' }), 409, 'signing.notOpen', { status: 'completed' })
    expectKeyedRefusal(await call(deal.seller, 'POST', `/api/signing/packets/${sent.id}/remind`), 409, 'signing.notOpen', { status: 'completed' })
    expectKeyedRefusal(await signer(link, 'POST', '/finish', { adopted: ADOPTED }), 409, 'signing.notOpen', { status: 'completed' })
    expectKeyedRefusal(await signer(link, 'POST', '/decline', { reason: 'Too late' }), 409, 'signing.notOpen', { status: 'completed' })
    expectKeyedRefusal(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/signing`, { signers: partiesAsSigners(deal) }), 409, 'signing.offerAlreadySigned')
    const packet = packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${sent.id}`))
    expect(packet).toMatchObject({ status: 'completed', voidedAt: null, declinedAt: null, actions: ['download'] })
    expect(signerViewOf(await signer(link, 'GET'))).toMatchObject({ packet: { status: 'completed' }, canDownload: true })
  })
})
