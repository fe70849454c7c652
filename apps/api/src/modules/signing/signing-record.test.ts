import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { VerifyResult } from '@offerbook/domain/signing'
import { SEALED_RECORD_FILENAME, SealedRecordSchema } from '@offerbook/domain/signing'
import { firstBrokenLink } from '@offerbook/domain/signing-chain'
import { useTestApp } from '../../../test/per-file'
import { expectArchival } from '../../pdf/pdfa.test-helpers'
import { pdftotext, pdfWorkDir, run, setUpPdfWork, toFile } from './signing-pdf.test-helpers'
import { completePendingPackets } from './signing-jobs'
import { acceptedOffer, completingPacket, lastLink, partiesAsSigners, sealedFile, sendOffer, signAs, signingContextOf } from './signing.test-helpers'

const t = useTestApp()
setUpPdfWork()

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex')

describe('the record a sealed packet carries', () => {
  it('is the signed terms and the audit chain as JSON, attached as associated data, named with its SHA-256 on the certificate and by /verify', async () => {
    const { deal, packetId } = await completingPacket(t)
    expect(await completePendingPackets(t.db, signingContextOf(t))).toBe(1)
    const pdf = await sealedFile(t, packetId)
    const path = await toFile(pdf, 'sealed.pdf')

    // poppler lists and saves it, as any reader's attachment panel would.
    const listed = await run('pdfdetach', ['-list', path])
    expect(listed.stdout).toContain(SEALED_RECORD_FILENAME)
    const saved = join(pdfWorkDir(), 'record.json')
    expect((await run('pdfdetach', ['-save', '1', '-o', saved, path])).code).toBe(0)
    const bytes = await readFile(saved)
    const record = SealedRecordSchema.parse(JSON.parse(bytes.toString('utf8')))
    expect(record.offer).toEqual({ id: deal.offer.id, version: deal.offer.version, terms: JSON.parse(JSON.stringify(deal.offer.terms)) })
    expect(record.packet).toMatchObject({ id: packetId, kind: 'form' })
    expect(record.signers.map((signer) => signer.role).sort()).toEqual(['buyer', 'seller'])
    expect(record.signers.every((signer) => signer.signedAt !== null)).toBe(true)
    // The audit chain inside holds together and ends with the completion.
    expect(record.audit.events.at(-1)!.type).toBe('completed')
    const { hash, previousHash: _previous, ...last } = record.audit.events.at(-1)!
    expect(hash).toBe(record.audit.chainHead)
    expect(last.seq).toBe(record.audit.events.length)
    expect(firstBrokenLink(record.audit.events as never, (text) => sha256(text))).toBeNull()

    // Associated file of the document (PDF/A-3's /AF), its relationship Data, as qpdf reads it.
    const { stdout } = await run('qpdf', ['--json=1', '--json-key=objects', path])
    const objects = (JSON.parse(stdout) as { objects: Record<string, Record<string, unknown>> }).objects
    const root = objects[(objects.trailer as { '/Root': string })['/Root']]!
    const af = root['/AF']
    const specs = (typeof af === 'string' ? (objects[af] as unknown as string[]) : (af as string[])).map((ref) => objects[ref]!)
    expect(specs).toEqual([expect.objectContaining({ '/AFRelationship': '/Data', '/Type': '/Filespec' })])

    const digest = sha256(bytes)
    const certificate = (await pdftotext(pdf, { layout: false })).replace(/\s+/g, '')
    expect(certificate).toContain(digest)
    const answer = (await t.app.inject({ method: 'POST', url: '/api/verify', payload: { sha256: sha256(pdf) } })).json<VerifyResult>()
    expect(answer.packet!.record).toEqual({ filename: SEALED_RECORD_FILENAME, sha256: digest })
    // The file is still sealed over every byte, the record included.
    expect((await run('pdfsig', [path])).stdout).toContain('Signature is Valid')

    // The uploaded form names Helvetica without embedding it: the file has the PDF/A marking but not
    // the claim, and its certificate says why.
    await expectArchival(path, { claimed: false })
    expect(certificate).toContain('NotPDF/A:adocumentinthispacketusesfontsthatitdoesnotembed(Helvetica)')
  })
})

describe('the sealed packet of our own purchase agreement', () => {
  it('is PDF/A-3b before its seal: fonts embedded, pdfaid in the XMP, the sRGB output intent, the terms inside; the seal still verifies', async () => {
    const deal = await acceptedOffer(t)
    const sent = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    await signAs(t, await lastLink(t, deal.buyer.email))
    await signAs(t, await lastLink(t, deal.seller.email))
    expect(await completePendingPackets(t.db, signingContextOf(t))).toBe(1)
    const pdf = await sealedFile(t, sent.id)
    const path = await toFile(pdf, 'sealed-offer.pdf')

    const facts = await expectArchival(path)
    // Our agreement's fonts (Cousine) and the certificate's (Arimo), every one embedded.
    expect(new Set(facts.fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')))).toEqual(new Set(['Cousine-Regular', 'Cousine-Bold', 'Arimo-Regular', 'Arimo-Bold']))
    const certificate = (await pdftotext(pdf, { layout: false })).replace(/\s+/g, ' ')
    // Marked, not validated: the certificate says what the file declares, not that a validator confirmed it.
    expect(certificate).toContain('Archival format Marked as PDF/A-3b (ISO 19005-3) before the seal: every font embedded, an sRGB output intent and XMP metadata. No PDF/A validator has checked it.')
    expect(certificate).not.toMatch(/Archival format PDF\/A-3b/)

    // The terms inside are the accepted version's.
    const saved = join(pdfWorkDir(), 'offer-record.json')
    expect((await run('pdfdetach', ['-save', '1', '-o', saved, path])).code).toBe(0)
    const record = SealedRecordSchema.parse(JSON.parse((await readFile(saved)).toString('utf8')))
    expect(record.offer).toEqual({ id: deal.offer.id, version: deal.offer.version, terms: JSON.parse(JSON.stringify(deal.offer.terms)) })

    // Two verifiers nobody here wrote find the seal valid over the PDF/A file.
    const pdfsig = (await run('pdfsig', [path])).stdout
    expect(pdfsig).toContain('Signature is Valid')
    expect(pdfsig).toContain('ETSI.CAdES.detached')
    expect((await run('mutool', ['sign', '-v', path])).stdout).toContain('The document is unchanged since signing.')
  })
})
