import { randomUUID } from 'node:crypto'
import { and, asc, eq, like } from 'drizzle-orm'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import { messageText } from '@offerbook/domain/messages'
import type { PacketView, SignerInput, SignerView, SigningFieldInput } from '@offerbook/domain/signing'
import type { TestApp } from '../../../test/build-test-app'
import { bearer, createTestOffer, createUser, signIn } from '../../../test/factories'
import type { CreatedOffer, CreatedUser } from '../../../test/factories'
import { storedFile } from '../../db/schema/files'
import { outboxMessage } from '../../db/schema/outbox'
import { signingPacket } from '../../db/schema/signing'
import { createFileStorage } from '../../storage/create-file-storage'
import { encodePng } from '../files/files.test-helpers'
import { expectRefusal, offersCaller } from '../offers/offers.test-helpers'
import { createSigningContext } from './signing-context'
import { completePendingPackets } from './signing-jobs'
import type { SigningContext } from './signing.service'

/** A refusal naming its catalogue key, with the key's English text as its message (the spec's words). */
export function expectKeyedRefusal(response: LightMyRequestResponse, status: number, key: MessageKey, params?: MessageParams): ApiError {
  const body = expectRefusal(response, status, messageText(key, params))
  expect(body.key).toBe(key)
  if (params) expect(body.params).toEqual(params)
  return body
}

/** A refused field as the API lists it: its path, key and English text. */
export function fieldRefusal(path: string, key: MessageKey, params?: MessageParams) {
  return { path, key, ...(params ? { params } : {}), message: messageText(key, params) }
}

/** A context like the test app's routes use (same storage and data directory), for running the jobs by hand. */
export function signingContextOf(t: TestApp): SigningContext {
  return createSigningContext({ publicUrl: t.config.publicUrl, storage: createFileStorage(t.config.storage), dataDir: t.config.dataDir, signingCert: t.config.signingCert })
}

/** A valid PNG of a few pixels, as a data URL: what the browser's canvas gives. */
export function pngDataUrl(width = 40, height = 12): string {
  const rows = Buffer.alloc((width * 4 + 1) * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 4 + 1) + 1 + x * 4
      // A dark stroke across the middle, transparent elsewhere.
      if (Math.abs(y - height / 2) < 2) rows[at + 3] = 255
    }
  }
  const png = encodePng(width, height, 6, rows)
  return `data:image/png;base64,${png.toString('base64')}`
}

export const ADOPTED = { method: 'typed' as const, signature: pngDataUrl(), initials: pngDataUrl(16, 12) }

export type AcceptedOffer = CreatedOffer & { seller: CreatedUser }

/** An accepted offer on a new seller agent's listing, by a new buyer. */
export async function acceptedOffer(t: TestApp): Promise<AcceptedOffer> {
  const created = await createTestOffer(t, { status: 'accepted', bindingAgreementAt: new Date() })
  if (!created.seller) throw new Error('createTestOffer made no seller')
  return { ...created, seller: created.seller }
}

export function packetOf(response: LightMyRequestResponse, status = 200): PacketView {
  expect(response.statusCode, response.body).toBe(status)
  return response.json<{ packet: PacketView }>().packet
}

export function signerViewOf(response: LightMyRequestResponse, status = 200): SignerView {
  expect(response.statusCode, response.body).toBe(status)
  return response.json<SignerView>()
}

/** The signing links emailed to an address, newest last: each one's signer id and token. */
export async function signingLinks(t: TestApp, email: string): Promise<{ path: string; signerId: string; token: string; kind: string }[]> {
  const rows = await t.db
    .select()
    .from(outboxMessage)
    .where(and(eq(outboxMessage.recipient, email), eq(outboxMessage.channel, 'email'), like(outboxMessage.kind, 'signing.%')))
    .orderBy(asc(outboxMessage.createdAt))
  const links: { path: string; signerId: string; token: string; kind: string }[] = []
  for (const row of rows) {
    const match = /(\/(?:form-)?sign\/[0-9a-f-]+\/([0-9a-f-]+)\?token=([A-Za-z0-9_-]+))/.exec(row.textBody)
    if (match) links.push({ path: match[1]!, signerId: match[2]!, token: match[3]!, kind: row.kind })
  }
  return links
}

export async function lastLink(t: TestApp, email: string) {
  const links = await signingLinks(t, email)
  const link = links.at(-1)
  if (!link) throw new Error(`no signing link was emailed to ${email}`)
  return link
}

/** Calls a signer endpoint with the link's token in the header. */
export function signerCaller(t: TestApp) {
  return (link: { signerId: string; token: string }, method: 'GET' | 'POST', suffix = '', payload?: unknown) =>
    t.app.inject({ method, url: `/api/signing/signers/${link.signerId}${suffix}`, headers: { 'x-signing-token': link.token }, ...(payload === undefined ? {} : { payload: payload as object }) })
}

/** Opens, consents and finishes as the signer of the link. */
export async function signAs(t: TestApp, link: { signerId: string; token: string }, values: Record<string, string> = {}): Promise<SignerView> {
  const signer = signerCaller(t)
  signerViewOf(await signer(link, 'GET'))
  signerViewOf(await signer(link, 'POST', '/consent', { accepted: true }))
  return signerViewOf(await signer(link, 'POST', '/finish', { adopted: ADOPTED, values }))
}

/** An address of its own, so the outbox rows of one test never mix with another's. */
export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`

/** A plain PDF of `pages` letter pages, each saying which page it is: what a form document looks like. */
export async function pdfWithPages(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let index = 0; index < pages; index++) doc.addPage([612, 792]).drawText(`Disclosure page ${index + 1}`, { x: 72, y: 700, size: 14, font })
  return Buffer.from(await doc.save())
}

/** A multipart/form-data body with one file in the field `file`. */
export function multipartFile(bytes: Buffer, { filename = 'document.pdf', contentType = 'application/pdf' }: { filename?: string; contentType?: string } = {}) {
  const boundary = '----offerbook-test-boundary'
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const signedInTokens = new WeakMap<TestApp, Map<string, string>>()

/** The Authorization header of a user (signed in once per app), or none for an anonymous caller. */
export async function authOf(t: TestApp, who: CreatedUser | null): Promise<Record<string, string>> {
  if (!who) return {}
  let tokens = signedInTokens.get(t)
  if (!tokens) signedInTokens.set(t, (tokens = new Map()))
  let token = tokens.get(who.id)
  if (!token) {
    token = (await signIn(t.app, who.email, who.password)).accessToken
    tokens.set(who.id, token)
  }
  return bearer(token)
}

/** Uploads a form document to the offer as `who`. */
export async function uploadForm(t: TestApp, who: CreatedUser | null, offerId: string, bytes: Buffer, options: { filename?: string; contentType?: string } = {}): Promise<LightMyRequestResponse> {
  const body = multipartFile(bytes, options)
  return t.app.inject({ method: 'POST', url: `/api/offers/${offerId}/signing/documents`, payload: body.payload, headers: { ...body.headers, ...(await authOf(t, who)) } })
}

/** The buyer and the seller of the deal as signers, in that order. */
export function partiesAsSigners(deal: AcceptedOffer): SignerInput[] {
  return [
    { name: 'Ben Buyer', email: deal.buyer.email, phone: '', role: 'buyer' },
    { name: 'Lena Seller', email: deal.seller.email, phone: '', role: 'seller' },
  ]
}

/** Another signer without an account here (an agent, a co-buyer), with an address of their own. */
export function outsider(label: string, role: SignerInput['role'] = 'other', phone = ''): SignerInput {
  return { name: `${label[0]!.toUpperCase()}${label.slice(1)} Outsider`, email: uniqueEmail(label), phone, role }
}

/** 'Send for signature' on the deal as its buyer; the packet out for signature. */
export async function sendOffer(t: TestApp, deal: AcceptedOffer, body: Record<string, unknown>): Promise<PacketView> {
  return packetOf(await offersCaller(t)(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/signing`, body), 201)
}

/** A signature field on page 0 for each signer, one under the other. */
export function signatureFields(signerCount: number): SigningFieldInput[] {
  return Array.from({ length: signerCount }, (_, index) => ({ signerKey: String(index), type: 'signature' as const, page: 0, x: 0.1, y: 0.1 + index * 0.1, width: 0.3, height: 0.05, required: true, label: '' }))
}

/** A 2-page form document uploaded by the buyer and sent to `signers` with a signature field each. */
export async function sentFormPacket(t: TestApp, deal: AcceptedOffer, signers: SignerInput[], options: Record<string, unknown> = {}): Promise<PacketView> {
  const draft = packetOf(await uploadForm(t, deal.buyer, deal.offer.id, await pdfWithPages(2)), 201)
  return packetOf(await offersCaller(t)(deal.buyer, 'POST', `/api/signing/packets/${draft.id}/send`, { signers, fields: signatureFields(signers.length), ...options }))
}

/** The messages the outbox holds for a recipient (an address or an E.164 phone), oldest first, of one kind if given. */
export async function outboxTo(t: TestApp, recipient: string, kind?: string) {
  return t.db
    .select()
    .from(outboxMessage)
    .where(and(eq(outboxMessage.recipient, recipient), kind ? eq(outboxMessage.kind, kind) : undefined))
    .orderBy(asc(outboxMessage.createdAt))
}

export async function packetRow(t: TestApp, packetId: string) {
  const [row] = await t.db.select().from(signingPacket).where(eq(signingPacket.id, packetId))
  if (!row) throw new Error(`no signing packet ${packetId}`)
  return row
}

/** The stored files of a packet (its original, and its sealed PDF once completed). */
export async function packetFiles(t: TestApp, packetId: string) {
  return t.db
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.purpose, 'signing-document'), like(storedFile.key, `signing/${packetId}/%`)))
}

/** The packet's sealed PDF as the file storage holds it now: the seal, or its newest archive update. */
export async function sealedFile(t: TestApp, packetId: string): Promise<Buffer> {
  const row = await packetRow(t, packetId)
  const stored = await signingContextOf(t).storage.get(`signing/${packetId}/${row.signedFileId}.pdf`)
  if (!stored) throw new Error(`the sealed PDF of signing packet ${packetId} is not in the file storage`)
  const chunks: Buffer[] = []
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/** A form packet the buyer and the seller of a new deal have both signed: 'completing', waiting for the job. */
export async function completingPacket(t: TestApp): Promise<{ deal: AcceptedOffer; packetId: string }> {
  const deal = await acceptedOffer(t)
  const sent = await sentFormPacket(t, deal, partiesAsSigners(deal))
  await signAs(t, await lastLink(t, deal.buyer.email))
  const done = await signAs(t, await lastLink(t, deal.seller.email))
  expect(done.packet.status).toBe('completing')
  return { deal, packetId: sent.id }
}

/** Runs the completion job now, as a restarted process would: a context of its own on the same database and storage. */
export async function completeNow(t: TestApp): Promise<number> {
  return completePendingPackets(t.db, signingContextOf(t))
}

export { createUser, offersCaller }
