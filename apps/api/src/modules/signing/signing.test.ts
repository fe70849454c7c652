import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { OfferSigning, SignerInput, VerifyResult } from '@offerbook/domain/signing'
import { CHAIN_GENESIS, firstBrokenLink } from '@offerbook/domain/signing-chain'
import { useTestApp } from '../../../test/per-file'
import { createTestOffer } from '../../../test/factories'
import { setUpPdfWork, wordsOnPage } from './signing-pdf.test-helpers'
import { offer as offerTable } from '../../db/schema/offers'
import { signingEvent } from '../../db/schema/signing'
import { chainEventOf, sha256Hex } from './signing-events'
import { completePendingPackets } from './signing-jobs'
import type { AcceptedOffer } from './signing.test-helpers'
import { acceptedOffer, lastLink, multipartFile, offersCaller, packetOf, signAs, signerCaller, signerViewOf, signingContextOf } from './signing.test-helpers'

const run = promisify(execFile)

const t = useTestApp()
setUpPdfWork()
const call = offersCaller(t)

function signersOf(deal: AcceptedOffer): SignerInput[] {
  return [
    { name: 'Ben Buyer', email: deal.buyer.email, phone: '', role: 'buyer' },
    { name: 'Lena Seller', email: deal.seller.email, phone: '(615) 555-0123', role: 'seller' },
  ]
}

async function download(url: string, headers: Record<string, string>): Promise<Buffer> {
  const response = await t.app.inject({ method: 'GET', url, headers })
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200)
  expect(response.headers['content-type']).toBe('application/pdf')
  return response.rawPayload
}

describe('the offer packet, signed in parallel', () => {
  it('goes from Send for signature to a sealed PDF that poppler verifies and /api/verify knows', async () => {
    const deal = await acceptedOffer(t)
    const overview = await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}/signing`)
    expect(overview.statusCode, overview.body).toBe(200)
    const signing = overview.json<OfferSigning>()
    expect(signing.canSendOffer).toBe(true)
    expect(signing.suggestedSigners.map((signer) => signer.role)).toContain('buyer')

    const sent = packetOf(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/signing`, { signers: signersOf(deal) }), 201)
    expect(sent).toMatchObject({ kind: 'offer', status: 'sent', order: 'parallel', actions: ['remind', 'void'] })
    expect(sent.signers.map((signer) => [signer.name, signer.canSignNow])).toEqual([
      ['Ben Buyer', true],
      ['Lena Seller', true],
    ])
    // Each signer signs and dates in the agreement's block kept for their party, and initials every
    // page: the buyer and the seller both have their places, so no signature page follows.
    for (const signer of sent.signers) {
      const mine = sent.fields.filter((field) => field.signerId === signer.id)
      expect(mine.filter((field) => field.type === 'signature')).toHaveLength(1)
      expect(mine.filter((field) => field.type === 'date-signed')).toHaveLength(1)
      expect(mine.filter((field) => field.type === 'initials')).toHaveLength(sent.pages.length)
    }
    expect(sent.events.map((event) => event.type)).toEqual(['created', 'sent'])

    // The seller side sees the same packet; a second one cannot be sent meanwhile.
    expect(packetOf(await call(deal.seller, 'GET', `/api/signing/packets/${sent.id}`)).id).toBe(sent.id)
    const again = await call(deal.seller, 'POST', `/api/offers/${deal.offer.id}/signing`, { signers: signersOf(deal) })
    expect(again.statusCode).toBe(409)

    const buyerLink = await lastLink(t, deal.buyer.email)
    const sellerLink = await lastLink(t, deal.seller.email)
    expect(buyerLink.path).toBe(`/sign/${deal.offer.id}/${buyerLink.signerId}?token=${buyerLink.token}`)

    const viewed = signerViewOf(await signerCaller(t)(buyerLink, 'GET'))
    expect(viewed.signer).toMatchObject({ name: 'Ben Buyer', status: 'pending', canSignNow: true, consentedAt: null })
    expect(viewed.fields.every((field) => field.signerId === buyerLink.signerId)).toBe(true)

    // Finishing before consenting is refused, and changes nothing.
    const early = await signerCaller(t)(buyerLink, 'POST', '/finish', { adopted: { method: 'typed', signature: 'data:image/png;base64,AAAA', initials: 'data:image/png;base64,AAAA' } })
    expect(early.statusCode).toBe(400)

    const buyerDone = await signAs(t, buyerLink)
    expect(buyerDone.signer.status).toBe('signed')
    expect(buyerDone.fields.every((field) => field.value !== null)).toBe(true)
    const sellerDone = await signAs(t, sellerLink)
    expect(sellerDone.packet.status).toBe('completing')

    expect(await completePendingPackets(t.db, signingContextOf(t))).toBe(1)
    const completed = packetOf(await call(deal.seller, 'GET', `/api/signing/packets/${sent.id}`))
    expect(completed.status).toBe('completed')
    expect(completed.actions).toEqual(['download'])
    expect(completed.events.at(-1)?.type).toBe('completed')

    const [offerRow] = await t.db.select().from(offerTable).where(eq(offerTable.id, deal.offer.id))
    expect(offerRow?.signedAt).not.toBeNull()

    // Both parties download the same sealed PDF; a signer downloads it with their link.
    const pdf = await download(`/api/signing/packets/${sent.id}/signed`, { authorization: (await bearerOf(deal.buyer)).authorization })
    const again2 = await download(`/api/signing/signers/${sellerLink.signerId}/signed?token=${sellerLink.token}`, {})
    expect(sha256Hex(again2)).toBe(sha256Hex(pdf))
    expect(completed.signedSha256).toBe(sha256Hex(pdf))

    const dir = mkdtempSync(join(tmpdir(), 'offerbook-signed-'))
    const file = join(dir, 'signed.pdf')
    writeFileSync(file, pdf)
    const sig = await run('pdfsig', [file]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
    expect(sig.stdout).toContain('Signature is Valid')
    expect(sig.stdout).toContain('Total document signed')
    const text = (await run('pdftotext', [file, '-'])).stdout
    expect(text).toContain('Certificate of Completion')
    expect(text).toContain(deal.buyer.email)
    expect(text).toContain(completed.events.at(-1)!.hash)

    const intact = await t.app.inject({ method: 'POST', url: '/api/verify', payload: { sha256: sha256Hex(pdf) } })
    expect(intact.json<VerifyResult>()).toMatchObject({ status: 'intact', packet: { signers: [{ name: 'Ben Buyer', role: 'buyer' }, { name: 'Lena Seller', role: 'seller' }] } })

    // One byte changed inside the signed range: 'changed', by hash and by upload.
    const tampered = Buffer.from(pdf)
    const at = Math.floor(tampered.length / 3)
    tampered[at] = tampered[at] === 0x41 ? 0x42 : 0x41
    const byUpload = await t.app.inject({ method: 'POST', url: '/api/verify', ...multipartFile(tampered) })
    expect(byUpload.statusCode, byUpload.body).toBe(200)
    expect(byUpload.json<VerifyResult>()).toEqual({ status: 'changed' })
    const byHash = await t.app.inject({ method: 'POST', url: '/api/verify', payload: { sha256: sha256Hex(tampered) } })
    expect(byHash.json<VerifyResult>()).toEqual({ status: 'unknown' })

    // The audit trail is a chain: each row's hash covers the one before.
    const rows = await t.db.select().from(signingEvent).where(eq(signingEvent.packetId, sent.id)).orderBy(signingEvent.seq)
    expect(rows[0]?.previousHash).toBe(CHAIN_GENESIS)
    expect(firstBrokenLink(rows.map((row) => ({ ...chainEventOf(row), previousHash: row.previousHash, hash: row.hash })), sha256Hex)).toBeNull()
  })
})

const tokens = new Map<string, string>()
async function bearerOf(user: { id: string; email: string; password: string }) {
  let token = tokens.get(user.id)
  if (!token) {
    const { signIn } = await import('../../../test/factories')
    token = (await signIn(t.app, user.email, user.password)).accessToken
    tokens.set(user.id, token)
  }
  return { authorization: `Bearer ${token}` }
}

describe('the OpenAPI document', () => {
  it('describes every signing endpoint', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths
    const methods = (path: string) => Object.keys(paths[path] ?? {}).sort()
    expect(methods('/api/offers/{id}/signing')).toEqual(['get', 'post'])
    expect(methods('/api/offers/{id}/signing/documents')).toEqual(['post'])
    expect(methods('/api/signing/packets/{packetId}')).toEqual(['delete', 'get'])
    for (const action of ['send', 'remind', 'void']) expect(methods(`/api/signing/packets/{packetId}/${action}`)).toEqual(['post'])
    for (const file of ['original', 'signed']) expect(methods(`/api/signing/packets/{packetId}/${file}`)).toEqual(['get'])
    expect(methods('/api/signing/signers/{signerId}')).toEqual(['get'])
    for (const action of ['code', 'code/verify', 'consent', 'finish', 'decline']) expect(methods(`/api/signing/signers/{signerId}/${action}`)).toEqual(['post'])
    for (const file of ['document', 'signed']) expect(methods(`/api/signing/signers/{signerId}/${file}`)).toEqual(['get'])
    expect(methods('/api/verify')).toEqual(['post'])
  })
})

describe('the offer packet of an offer with the RF707 addendum', () => {
  it("places each party's signer in the agreement's block and on the RF707's Buyer and Seller lines, and the sealed page carries their dates there", async () => {
    const created = await createTestOffer(t, { status: 'accepted', bindingAgreementAt: new Date(), terms: { addendum: { MCheckbox: true } } })
    if (!created.seller) throw new Error('createTestOffer made no seller')
    const deal = { ...created, seller: created.seller }
    const sent = packetOf(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/signing`, { signers: signersOf(deal) }), 201)
    // The RF707's sixth page is the packet's last: no attachment, and no signature page.
    const rf707Last = sent.pages.length - 1
    const placed = (signerId: string, type: string) => sent.fields.filter((field) => field.signerId === signerId && field.type === type)
    for (const signer of sent.signers) {
      expect(placed(signer.id, 'signature').map((field) => field.page >= rf707Last - 5)).toEqual([false, true])
      expect(placed(signer.id, 'date-signed').filter((field) => field.page === rf707Last)).toHaveLength(1)
    }
    // Line 284 is the first Buyer's, line 286 the first Seller's: the buyer's place is above the seller's.
    const [buyer, seller] = sent.signers
    const onLast = (signerId: string) => placed(signerId, 'signature').find((field) => field.page === rf707Last)!
    expect(onLast(buyer!.id).y).toBeLessThan(onLast(seller!.id).y)

    const buyerDone = await signAs(t, await lastLink(t, deal.buyer.email))
    await signAs(t, await lastLink(t, deal.seller.email))
    expect(await completePendingPackets(t.db, signingContextOf(t))).toBe(1)
    const pdf = await download(`/api/signing/packets/${sent.id}/signed`, { authorization: (await bearerOf(deal.buyer)).authorization })

    // Poppler finds the buyer's date on the RF707's line 284, inside the Date place.
    const dated = buyerDone.fields.find((field) => field.type === 'date-signed' && field.page === rf707Last)!
    const { width, height } = sent.pages[rf707Last]!
    const words = await wordsOnPage(new Uint8Array(pdf), rf707Last + 1)
    const within = (box: { x: number; y: number; width: number; height: number }) =>
      words.filter((word) => word.xMin >= box.x * width - 1 && word.xMax <= (box.x + box.width) * width + 1 && word.yMin >= box.y * height - 1 && word.yMax <= (box.y + box.height) * height + 1)
    expect(within(dated).map((word) => word.text).join(' ')).toBe(dated.value)
    // Each signature on the RF707's lines carries its signer's name as text a reader's tools find.
    for (const signer of sent.signers) expect(within(onLast(signer.id)).map((word) => word.text).join(' ')).toBe(signer.name)
  })
})

describe('the Binding Agreement Date of an offer packet sent before the notice of acceptance', () => {
  async function sentBeforeNotice() {
    const created = await createTestOffer(t, { status: 'accepted', bindingAgreementAt: null })
    if (!created.seller) throw new Error('createTestOffer made no seller')
    const deal = { ...created, seller: created.seller }
    const sent = packetOf(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/signing`, { signers: signersOf(deal) }), 201)
    await signAs(t, await lastLink(t, deal.buyer.email))
    await signAs(t, await lastLink(t, deal.seller.email))
    return { deal, sent }
  }

  /** The sealed PDF's text as poppler reads it, white space made single. */
  async function sealedText(deal: AcceptedOffer, packetId: string): Promise<string> {
    expect(await completePendingPackets(t.db, signingContextOf(t))).toBe(1)
    const pdf = await download(`/api/signing/packets/${packetId}/signed`, { authorization: (await bearerOf(deal.buyer)).authorization })
    const dir = mkdtempSync(join(tmpdir(), 'offerbook-signed-'))
    const file = join(dir, 'signed.pdf')
    writeFileSync(file, pdf)
    return (await run('pdftotext', [file, '-'])).stdout.replace(/\s+/g, ' ')
  }

  it('is filled in at sealing once recorded, in the property zone, and the certificate says so', async () => {
    const { deal, sent } = await sentBeforeNotice()
    // 3:05 PM UTC on December 2 is 9:05 AM in Nashville.
    await t.db.update(offerTable).set({ bindingAgreementAt: new Date('2026-12-02T15:05:00Z') }).where(eq(offerTable.id, deal.offer.id))
    const text = await sealedText(deal, sent.id)
    expect(text).toContain('Binding Agreement Date: December 2, 2026 at 9:05 AM CST')
    expect(text).toContain('The Binding Agreement Date, recorded after the packet was sent, was filled in at sealing: December 2, 2026 at 9:05 AM CST.')
  })

  it('is left as a line to fill when still not recorded at sealing, and the certificate says so', async () => {
    const { deal, sent } = await sentBeforeNotice()
    const text = await sealedText(deal, sent.id)
    // The line numbers after it, and no date.
    expect(text).toMatch(/Binding Agreement Date: \d+ \d+ /)
    expect(text).not.toMatch(/Binding Agreement Date: [A-Z][a-z]+ \d/)
    expect(text).toContain('The Binding Agreement Date was not recorded when the packet was sealed: it is left as a line to fill.')
  })
})
