import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { OfferSigning } from '@offerbook/domain/signing'
import { SIGNING_LIMITS } from '@offerbook/domain/signing'
import { formDocumentLabel } from '@offerbook/domain/signing-rules'
import { useTestApp } from '../../../test/per-file'
import { offer as offerTable } from '../../db/schema/offers'
import { signingPacket, signingSigner } from '../../db/schema/signing'
import { newSignerToken, sha256Hex } from './signing-events'
import { expireDuePackets } from './signing-jobs'
import {
  acceptedOffer,
  ADOPTED,
  authOf,
  completeNow,
  expectKeyedRefusal,
  fieldRefusal,
  lastLink,
  offersCaller,
  outboxTo,
  outsider,
  packetFiles,
  packetOf,
  partiesAsSigners,
  sendOffer,
  sentFormPacket,
  signAs,
  signerCaller,
  signerViewOf,
  signingContextOf,
  signingLinks,
  uniqueEmail,
} from './signing.test-helpers'

const t = useTestApp()
const call = offersCaller(t)
const signer = signerCaller(t)

const DAY = 24 * 60 * 60 * 1000

/** Opens the link and consents, so a refusal that follows is about something else. */
async function openAndConsent(link: { signerId: string; token: string }) {
  signerViewOf(await signer(link, 'GET'))
  return signerViewOf(await signer(link, 'POST', '/consent', { accepted: true }))
}

describe('signing in sequence', () => {
  it('invites each signer only once the one before has signed, refuses a signer before their turn, and completes after the last', async () => {
    const deal = await acceptedOffer(t)
    const agent = outsider('agent', 'buyer-agent')
    const sent = await sendOffer(t, deal, { signers: [...partiesAsSigners(deal), agent], order: 'sequential' })
    expect(sent.order).toBe('sequential')
    expect(sent.signers.map((row) => [row.email, row.canSignNow])).toEqual([
      [deal.buyer.email, true],
      [deal.seller.email, false],
      [agent.email, false],
    ])
    const [, second, third] = sent.signers
    expect((await signingLinks(t, deal.buyer.email)).map((link) => link.kind)).toEqual(['signing.invite'])
    // Nobody after the first has a link yet: their token is only made when it is their turn.
    expect(await signingLinks(t, deal.seller.email)).toEqual([])
    expect(await signingLinks(t, agent.email)).toEqual([])

    // Even with a working token, the third signer cannot sign before their turn.
    const early = newSignerToken()
    await t.db.update(signingSigner).set({ tokenHash: early.hash }).where(eq(signingSigner.id, third!.id))
    const earlyLink = { signerId: third!.id, token: early.token }
    expect((await openAndConsent(earlyLink)).signer.canSignNow).toBe(false)
    expectKeyedRefusal(await signer(earlyLink, 'POST', '/finish', { adopted: ADOPTED }), 409, 'signing.notYourTurn')

    await signAs(t, await lastLink(t, deal.buyer.email))
    const secondLinks = await signingLinks(t, deal.seller.email)
    expect(secondLinks.map((link) => [link.signerId, link.kind])).toEqual([[second!.id, 'signing.invite']])
    expect(await signingLinks(t, agent.email)).toEqual([])
    expectKeyedRefusal(await signer(earlyLink, 'POST', '/finish', { adopted: ADOPTED }), 409, 'signing.notYourTurn')
    const afterFirst = packetOf(await call(deal.seller, 'GET', `/api/signing/packets/${sent.id}`))
    expect(afterFirst.signers.map((row) => [row.status, row.canSignNow])).toEqual([
      ['signed', false],
      ['pending', true],
      ['pending', false],
    ])

    const secondDone = await signAs(t, secondLinks[0]!)
    expect(secondDone.packet.status).toBe('sent')
    const thirdLinks = await signingLinks(t, agent.email)
    expect(thirdLinks.map((link) => [link.signerId, link.kind])).toEqual([[third!.id, 'signing.invite']])
    // The invitation's token replaced the one set by hand.
    expectKeyedRefusal(await signer(earlyLink, 'GET'), 404, 'signing.linkNotValid')

    const last = await signAs(t, thirdLinks[0]!)
    expect(last.packet.status).toBe('completing')
    expect(await completeNow(t)).toBe(1)
    const completed = packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${sent.id}`))
    expect(completed.status).toBe('completed')
    expect(completed.signers.map((row) => row.status)).toEqual(['signed', 'signed', 'signed'])
  })
})

describe('declining', () => {
  it('a signer who declines with a reason stops the packet, and the other signers and both parties are told why', async () => {
    const deal = await acceptedOffer(t)
    const cosigner = outsider('cosigner', 'buyer-agent')
    const decliner = outsider('decliner', 'listing-agent')
    const sent = await sendOffer(t, deal, { signers: [partiesAsSigners(deal)[0]!, cosigner, decliner] })
    const declinerLink = await lastLink(t, decliner.email)
    const cosignerLink = await lastLink(t, cosigner.email)
    await openAndConsent(cosignerLink)

    expectKeyedRefusal(await signer(declinerLink, 'POST', '/decline', { reason: '  ' }), 400, 'signing.reasonRequired')
    const reason = 'The closing date in section 4 is wrong'
    const view = signerViewOf(await signer(declinerLink, 'POST', '/decline', { reason }))
    expect(view.packet.status).toBe('declined')
    expect(view.signer).toMatchObject({ status: 'declined', canSignNow: false })

    const packet = packetOf(await call(deal.seller, 'GET', `/api/signing/packets/${sent.id}`))
    expect(packet).toMatchObject({ status: 'declined', actions: [] })
    expect(packet.declinedAt).not.toBeNull()
    expect(packet.signers[2]).toMatchObject({ status: 'declined', declineReason: reason })
    expect(packet.signers.every((row) => !row.canSignNow)).toBe(true)
    expect(packet.events.at(-1)?.type).toBe('declined')

    for (const email of [deal.buyer.email, deal.seller.email, cosigner.email]) {
      const told = await outboxTo(t, email, 'signing.declined')
      expect(told, email).toHaveLength(1)
      expect(told[0]!.textBody).toContain(reason)
    }
    expect(await outboxTo(t, decliner.email, 'signing.declined')).toEqual([])

    // Nothing more can be signed or declined.
    expectKeyedRefusal(await signer(cosignerLink, 'POST', '/finish', { adopted: ADOPTED }), 409, 'signing.notOpen', { status: 'declined' })
    expectKeyedRefusal(await signer(declinerLink, 'POST', '/decline', { reason }), 409, 'signing.notOpen', { status: 'declined' })
    expect(signerViewOf(await signer(cosignerLink, 'GET')).packet.status).toBe('declined')

    // The offer can be sent again.
    const overview = await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}/signing`)
    expect(overview.json<OfferSigning>().canSendOffer).toBe(true)
  })

  it('a declined form document reads as form declined', async () => {
    const deal = await acceptedOffer(t)
    const decliner = outsider('inspector')
    const sent = await sentFormPacket(t, deal, [decliner])
    signerViewOf(await signer(await lastLink(t, decliner.email), 'POST', '/decline', { reason: 'Not my form' }))
    const packet = packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${sent.id}`))
    expect(packet.kind).toBe('form')
    expect(packet.status).toBe('declined')
    expect(formDocumentLabel(packet.status)).toBe('form declined')
  })
})

describe('expiry', () => {
  it('a packet past its days expires: everyone is told, the signer sees it, and nothing more can be done with it', async () => {
    const deal = await acceptedOffer(t)
    const agent = outsider('agent', 'buyer-agent')
    const sent = await sendOffer(t, deal, { signers: [...partiesAsSigners(deal), agent], expiresInDays: 1 })
    expect(new Date(sent.expiresAt!).getTime() - new Date(sent.sentAt!).getTime()).toBe(DAY)
    const link = await lastLink(t, agent.email)
    await openAndConsent(link)

    const ctx = signingContextOf(t)
    // A day less a minute later nothing is due yet.
    await expireDuePackets(t.db, ctx, { now: new Date(Date.now() + DAY - 60_000) })
    expect(packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${sent.id}`)).status).toBe('sent')

    const later = new Date(Date.now() + 2 * DAY)
    expect(await expireDuePackets(t.db, ctx, { now: later })).toBeGreaterThanOrEqual(1)
    const packet = packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${sent.id}`))
    expect(packet).toMatchObject({ status: 'expired', actions: [] })
    expect(packet.events.at(-1)?.type).toBe('expired')
    for (const email of [deal.buyer.email, deal.seller.email, agent.email]) expect(await outboxTo(t, email, 'signing.expired'), email).toHaveLength(1)

    const view = signerViewOf(await signer(link, 'GET'))
    expect(view.packet.status).toBe('expired')
    expect(view.signer.canSignNow).toBe(false)
    expectKeyedRefusal(await call(deal.buyer, 'POST', `/api/signing/packets/${sent.id}/remind`), 409, 'signing.notOpen', { status: 'expired' })
    expectKeyedRefusal(await call(deal.buyer, 'POST', `/api/signing/packets/${sent.id}/void`, { reason: 'Too late' }), 409, 'signing.notOpen', { status: 'expired' })
    expectKeyedRefusal(await signer(link, 'POST', '/finish', { adopted: ADOPTED }), 409, 'signing.notOpen', { status: 'expired' })

    // A second run does not expire it again nor tell anyone twice.
    await expireDuePackets(t.db, ctx, { now: later })
    expect(await outboxTo(t, agent.email, 'signing.expired')).toHaveLength(1)
  })
})

describe('expiry before the job runs', () => {
  it('a packet past its time reads expired at once, and the offer can be sent for signature again', async () => {
    const deal = await acceptedOffer(t)
    const sent = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    const link = await lastLink(t, deal.buyer.email)
    await openAndConsent(link)
    await t.db
      .update(signingPacket)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signingPacket.id, sent.id))

    expect(signerViewOf(await signer(link, 'GET')).packet.status).toBe('expired')
    expectKeyedRefusal(await signer(link, 'POST', '/finish', { adopted: ADOPTED }), 409, 'signing.notOpen', { status: 'expired' })
    const overview = (await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}/signing`)).json<OfferSigning>()
    expect(overview.packets.map((packet) => packet.status)).toEqual(['expired'])
    expect(overview.canSendOffer).toBe(true)
    const again = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    expect(again.status).toBe('sent')
  })
})

describe('voiding', () => {
  it('a party voids with a reason: the signers are told, their page shows why, and their link signs nothing more', async () => {
    const deal = await acceptedOffer(t)
    const agent = outsider('agent', 'buyer-agent')
    const sent = await sendOffer(t, deal, { signers: [...partiesAsSigners(deal), agent] })
    const link = await lastLink(t, agent.email)
    await openAndConsent(link)

    const empty = expectKeyedRefusal(await call(deal.seller, 'POST', `/api/signing/packets/${sent.id}/void`, { reason: '' }), 400, 'signing.reasonRequired')
    expect(empty.errors?.[0]?.path).toBe('reason')
    expect(packetOf(await call(deal.seller, 'GET', `/api/signing/packets/${sent.id}`)).status).toBe('sent')

    const reason = 'We agreed on a new price'
    const voided = packetOf(await call(deal.seller, 'POST', `/api/signing/packets/${sent.id}/void`, { reason }))
    expect(voided).toMatchObject({ status: 'voided', voidReason: reason, actions: [] })
    expect(voided.voidedAt).not.toBeNull()
    expect(voided.events.at(-1)?.type).toBe('voided')

    const view = signerViewOf(await signer(link, 'GET'))
    expect(view.packet).toMatchObject({ status: 'voided', voidReason: reason })
    expect(view.signer.canSignNow).toBe(false)
    for (const email of [agent.email, deal.buyer.email]) {
      const told = await outboxTo(t, email, 'signing.voided')
      expect(told, email).toHaveLength(1)
      expect(told[0]!.textBody).toContain(reason)
    }
    expectKeyedRefusal(await signer(link, 'POST', '/finish', { adopted: ADOPTED }), 409, 'signing.notOpen', { status: 'voided' })
    expectKeyedRefusal(await call(deal.buyer, 'POST', `/api/signing/packets/${sent.id}/void`, { reason }), 409, 'signing.notOpen', { status: 'voided' })
    expect((await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}/signing`)).json<OfferSigning>().canSendOffer).toBe(true)
  })
})

describe('reminders', () => {
  it('a reminder gives the waiting signers a new link by email and SMS that replaces the old one, at most once an hour', async () => {
    const deal = await acceptedOffer(t)
    const agent = { name: 'Pat Agent', email: uniqueEmail('agent'), phone: '(615) 555-0123', role: 'listing-agent' as const }
    const sent = await sendOffer(t, deal, { signers: [partiesAsSigners(deal)[0]!, agent] })
    expect(sent.signers[1]!.phoneHint).toBe('•••0123')
    await signAs(t, await lastLink(t, deal.buyer.email))
    const oldLink = await lastLink(t, agent.email)

    const reminded = packetOf(await call(deal.seller, 'POST', `/api/signing/packets/${sent.id}/remind`))
    expect(reminded.events.at(-1)?.type).toBe('reminded')
    expect(reminded.signers[1]!.lastRemindedAt).not.toBeNull()
    expect(reminded.signers[0]!.lastRemindedAt).toBeNull()

    const reminders = (await signingLinks(t, agent.email)).filter((link) => link.kind === 'signing.reminder')
    expect(reminders).toHaveLength(1)
    const newLink = reminders[0]!
    expect(newLink.signerId).toBe(oldLink.signerId)
    expect(newLink.token).not.toBe(oldLink.token)
    // Whoever already signed is not reminded.
    expect(await outboxTo(t, deal.buyer.email, 'signing.reminder')).toEqual([])
    // The phone given as (615) 555-0123 gets the new link as E.164.
    const texts = await outboxTo(t, '+16155550123', 'signing.reminder')
    expect(texts.filter((text) => text.channel === 'sms' && text.textBody.includes(newLink.token))).toHaveLength(1)

    expectKeyedRefusal(await signer(oldLink, 'GET'), 404, 'signing.linkNotValid')
    expect(signerViewOf(await signer(newLink, 'GET')).signer).toMatchObject({ id: oldLink.signerId, canSignNow: true })

    expectKeyedRefusal(await call(deal.buyer, 'POST', `/api/signing/packets/${sent.id}/remind`), 429, 'signing.remindedRecently')
    expect((await signingLinks(t, agent.email)).filter((link) => link.kind === 'signing.reminder')).toHaveLength(1)

  })
})

describe('signature images', () => {
  it('a signature that is not a PNG is refused on adopted.signature, and the signer stays pending', async () => {
    const deal = await acceptedOffer(t)
    const sent = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    const link = await lastLink(t, deal.buyer.email)
    await openAndConsent(link)

    const jpegUrl = await signer(link, 'POST', '/finish', { adopted: { ...ADOPTED, signature: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==' } })
    const refused = expectKeyedRefusal(jpegUrl, 400, 'signing.signatureNotPng')
    expect(refused.errors?.map((error) => error.path)).toContain('adopted.signature')

    // A PNG data URL whose bytes are not a PNG.
    const jpegBytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]).toString('base64')
    const disguised = expectKeyedRefusal(await signer(link, 'POST', '/finish', { adopted: { ...ADOPTED, signature: `data:image/png;base64,${jpegBytes}` } }), 400, 'signing.signatureNotPng')
    expect(disguised.errors).toEqual([fieldRefusal('adopted.signature', 'signing.signatureNotPng')])

    const view = signerViewOf(await signer(link, 'GET'))
    expect(view.signer).toMatchObject({ status: 'pending', signedAt: null, canSignNow: true })
    expect(view.fields.every((field) => field.value === null)).toBe(true)
    expect(packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${sent.id}`)).events.map((event) => event.type)).not.toContain('signed')
  })

  it('a signature image over 1 MB is refused as too large, and the signer stays pending', async () => {
    const deal = await acceptedOffer(t)
    await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    const link = await lastLink(t, deal.buyer.email)
    await openAndConsent(link)
    const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const asDataUrl = (size: number) => `data:image/png;base64,${Buffer.concat([pngHeader, randomBytes(size - pngHeader.length)]).toString('base64')}`

    // One byte over: the data URL passes the schema, the decoder refuses it.
    const justOver = expectKeyedRefusal(await signer(link, 'POST', '/finish', { adopted: { ...ADOPTED, signature: asDataUrl(SIGNING_LIMITS.signatureImageMaxBytes + 1) } }), 400, 'signing.signatureTooLarge')
    expect(justOver.errors).toEqual([fieldRefusal('adopted.signature', 'signing.signatureTooLarge')])
    // Twice the size: refused by the schema, with the same message.
    const twice = expectKeyedRefusal(await signer(link, 'POST', '/finish', { adopted: { ...ADOPTED, initials: asDataUrl(2 * SIGNING_LIMITS.signatureImageMaxBytes) } }), 400, 'signing.signatureTooLarge')
    expect(twice.errors?.map((error) => error.path)).toContain('adopted.initials')

    expect(signerViewOf(await signer(link, 'GET')).signer).toMatchObject({ status: 'pending', signedAt: null })
  })
})

describe('completion', () => {
  it('two signers finishing at the same instant complete the packet once, with one sealed file', async () => {
    const deal = await acceptedOffer(t)
    const sent = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    const links = [await lastLink(t, deal.buyer.email), await lastLink(t, deal.seller.email)]
    for (const link of links) await openAndConsent(link)

    const finished = await Promise.all(links.map((link) => signer(link, 'POST', '/finish', { adopted: ADOPTED })))
    for (const response of finished) expect(response.statusCode, response.body).toBe(200)
    const packet = packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${sent.id}`))
    expect(packet.status).toBe('completing')
    expect(packet.events.filter((event) => event.type === 'signed')).toHaveLength(2)

    expect(await completeNow(t)).toBe(1)
    expect(await completeNow(t)).toBe(0)
    const completed = packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${sent.id}`))
    expect(completed.status).toBe('completed')
    expect(completed.events.filter((event) => event.type === 'completed')).toHaveLength(1)
    const files = await packetFiles(t, sent.id)
    expect(files).toHaveLength(2)
    expect(files.filter((file) => file.filename.endsWith('signed.pdf'))).toHaveLength(1)
    for (const email of [deal.buyer.email, deal.seller.email]) expect(await outboxTo(t, email, 'signing.completed'), email).toHaveLength(1)
  })

  it('a packet left completing by a crash after the last signature is sealed by the job after a restart', async () => {
    const deal = await acceptedOffer(t)
    const sent = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    await signAs(t, await lastLink(t, deal.buyer.email))
    const sellerLink = await lastLink(t, deal.seller.email)
    const last = await signAs(t, sellerLink)
    // The process "crashes" here: nothing ran the job.
    expect(last.packet.status).toBe('completing')
    expect(last.canDownload).toBe(false)
    expectKeyedRefusal(await call(deal.buyer, 'GET', `/api/signing/packets/${sent.id}/signed`), 409, 'signing.notCompleted')
    const [before] = await t.db.select({ signedAt: offerTable.signedAt }).from(offerTable).where(eq(offerTable.id, deal.offer.id))
    expect(before?.signedAt).toBeNull()

    // After the restart: a fresh context on the same database and storage.
    expect(await completeNow(t)).toBe(1)
    const completed = packetOf(await call(deal.seller, 'GET', `/api/signing/packets/${sent.id}`))
    expect(completed.status).toBe('completed')
    const download = await t.app.inject({ method: 'GET', url: `/api/signing/packets/${sent.id}/signed`, headers: await authOf(t, deal.seller) })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(sha256Hex(download.rawPayload)).toBe(completed.signedSha256)
    const [after] = await t.db.select({ signedAt: offerTable.signedAt }).from(offerTable).where(eq(offerTable.id, deal.offer.id))
    expect(after?.signedAt).not.toBeNull()
    // A signer's link now downloads it too.
    const signerLink = await lastLink(t, deal.seller.email)
    expect(signerViewOf(await signer(signerLink, 'GET')).canDownload).toBe(true)

    expect(await completeNow(t)).toBe(0)
  })
})
