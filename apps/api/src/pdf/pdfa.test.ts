import { cmyk, PDFDocument, PDFName, PDFStream, rgb, StandardFonts } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { layoutRf707 } from '@offerbook/domain/clauses/rf707-layout'
import type { FittedRf707Layout } from '../modules/contracts/rf707-pdf'
import { renderRf707Pdf } from '../modules/contracts/rf707-pdf'
import { archivalStatement } from '../modules/signing/signing-pdf-audit'
import { run, setUpPdfWork, toFile } from '../modules/signing/signing-pdf.test-helpers'
import { embedSans } from './fonts'
import { archivalCheck, fontsNotEmbedded, markArchival, paintsDeviceCmyk, srgbIccProfile } from './pdfa'
import { expectArchival } from './pdfa.test-helpers'

setUpPdfWork()

describe('PDF/A-3b marking', () => {
  it('makes the RF707 a PDF/A-3b file: fonts embedded, XMP with pdfaid that repeats the information dictionary, an sRGB output intent, an /ID', async () => {
    const parties = { buyer: 'José Núñez & “Pepa” Ortiz', property: '12 Main Street, Nashville, TN 37212' }
    const layout = layoutRf707({ CCheckbox: true, Ctext1: 'Señor Müller’s café' }, parties)
    if (!layout.fits) throw new Error('the RF707 does not fit')
    const bytes = await renderRf707Pdf(layout as FittedRf707Layout, { parties, createdAt: new Date('2025-03-14T15:09:26Z') })
    const path = await toFile(bytes, 'rf707.pdf')
    const facts = await expectArchival(path)
    expect(facts.fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['Cousine-Bold', 'Cousine-Regular'])
    expect(facts.xmp).toContain('<xmp:CreateDate>2025-03-14T15:09:26Z</xmp:CreateDate>')
    expect(facts.xmp.startsWith('<?xpacket begin="\uFEFF"')).toBe(true)
    // A file qpdf finds sound, with no JavaScript, actions or encryption.
    expect((await run('qpdf', ['--check', path])).code).toBe(0)
    const info = (await run('pdfinfo', [path])).stdout
    expect(info).toMatch(/JavaScript:\s+no/)
    expect(info).toMatch(/Encrypted:\s+no/)
    expect((await run('pdftotext', [path, '-'])).stdout).toContain('Señor Müller’s café')
  })

  it('builds an sRGB ICC profile of version 2 whose tone curve and white are sRGB’s', () => {
    const icc = Buffer.from(srgbIccProfile())
    expect(icc.readUInt32BE(0)).toBe(icc.length)
    expect(icc.readUInt32BE(8)).toBe(0x02100000)
    expect(icc.subarray(36, 40).toString('latin1')).toBe('acsp')
    const tags = new Map(Array.from({ length: icc.readUInt32BE(128) }, (_, index) => [icc.subarray(132 + index * 12, 136 + index * 12).toString('latin1'), icc.readUInt32BE(136 + index * 12)]))
    expect([...tags.keys()].sort()).toEqual(['bTRC', 'bXYZ', 'cprt', 'desc', 'gTRC', 'gXYZ', 'rTRC', 'rXYZ', 'wtpt'])
    const xyz = (tag: string) => [0, 1, 2].map((index) => icc.readInt32BE(tags.get(tag)! + 8 + index * 4) / 65536)
    // D65 white; the three primaries add up to the connection space's D50 white.
    expect(xyz('wtpt').map((value) => value.toFixed(3))).toEqual(['0.950', '1.000', '1.089'])
    const sum = [0, 1, 2].map((index) => xyz('rXYZ')[index]! + xyz('gXYZ')[index]! + xyz('bXYZ')[index]!)
    expect(sum.map((value) => value.toFixed(3))).toEqual(['0.964', '1.000', '0.825'])
    const curve = tags.get('rTRC')!
    expect(icc.subarray(curve, curve + 4).toString('latin1')).toBe('curv')
    const points = icc.readUInt32BE(curve + 8)
    const at = (fraction: number) => icc.readUInt16BE(curve + 12 + Math.round(fraction * (points - 1)) * 2) / 65535
    expect(at(0)).toBe(0)
    expect(at(1)).toBe(1)
    // sRGB's middle grey (0.5 encoded) is 21.4% linear light.
    expect(at(0.5)).toBeCloseTo(0.214, 2)
  })

  it('does not claim PDF/A when a font is only named, on a page or inside a Form XObject, and says which', async () => {
    const inner = await PDFDocument.create()
    inner.addPage([300, 200]).drawText('Uploaded form text', { x: 10, y: 100, size: 12, font: await inner.embedFont(StandardFonts.TimesRoman) })
    const doc = await PDFDocument.create()
    doc.setTitle('Uploaded')
    // The uploaded page as a Form XObject of the page: its font is one level down.
    const [embedded] = await doc.embedPdf(await inner.save())
    const page = doc.addPage([612, 792])
    page.drawPage(embedded!, { x: 50, y: 500 })
    page.drawText('Ours', { x: 50, y: 100, size: 12, font: (await embedSans(doc)).regular })
    // Read back as a packet is at completion: the embedded page is written out at the save.
    const packet = await PDFDocument.load(await doc.save(), { updateMetadata: false })
    expect(fontsNotEmbedded(packet)).toEqual(['Times-Roman'])
    expect(archivalCheck(packet)).toEqual({ claimed: false, fontsNotEmbedded: ['Times-Roman'], deviceCmyk: false })
    markArchival(packet)
    const facts = await expectArchival(await toFile(await packet.save(), 'named-font.pdf'), { claimed: false })
    expect(facts.fonts.find((font) => font.name === 'Times-Roman')?.embedded).toBe(false)
  })

  it('does not claim PDF/A when an uploaded page paints in DeviceCMYK, inside a Form XObject or as an image colour space, and does for RGB and grey', async () => {
    /** A packet as completion reads it: an uploaded page drawn as a Form XObject of ours, with our own text beside it. */
    const packetOf = async (draw: (inner: PDFDocument) => void | Promise<void>) => {
      const inner = await PDFDocument.create()
      await draw(inner)
      const doc = await PDFDocument.create()
      const [embedded] = await doc.embedPdf(await inner.save())
      const page = doc.addPage([612, 792])
      page.drawPage(embedded!, { x: 0, y: 0 })
      page.drawText('Ours', { x: 50, y: 100, size: 12, font: (await embedSans(doc)).regular })
      return PDFDocument.load(await doc.save(), { updateMetadata: false })
    }
    const rgbAndGrey = await packetOf((inner) => {
      const page = inner.addPage([300, 200])
      page.drawRectangle({ x: 10, y: 10, width: 50, height: 50, color: rgb(0.2, 0.4, 0.6) })
      // A string that reads like the CMYK operator is text, not a colour.
      page.drawText('0 0 0 1 k', { x: 10, y: 100, size: 12 })
    })
    expect(paintsDeviceCmyk(rgbAndGrey)).toBe(false)

    const printColours = await packetOf((inner) => {
      inner.addPage([300, 200]).drawRectangle({ x: 10, y: 10, width: 50, height: 50, color: cmyk(0, 0.5, 1, 0) })
    })
    expect(paintsDeviceCmyk(printColours)).toBe(true)
    expect(archivalCheck(printColours)).toEqual({ claimed: false, fontsNotEmbedded: [], deviceCmyk: true })
    expect(archivalStatement(archivalCheck(printColours))).toBe('Not PDF/A: a document in this packet paints in print colours (DeviceCMYK) that its sRGB output intent does not define, so this file cannot claim PDF/A-3b.')
    markArchival(printColours, archivalCheck(printColours))
    await expectArchival(await toFile(await printColours.save(), 'cmyk.pdf'), { claimed: false })

    // An image XObject whose colour space is DeviceCMYK, named only in its dictionary.
    const cmykImage = await packetOf(async (inner) => {
      const page = inner.addPage([300, 200])
      const image = await inner.embedPng(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64'))
      page.drawImage(image, { x: 10, y: 10, width: 20, height: 20 })
      await inner.flush()
      const stream = inner.context.lookup(image.ref)
      if (!(stream instanceof PDFStream)) throw new Error('the image was not written')
      stream.dict.set(PDFName.of('ColorSpace'), PDFName.of('DeviceCMYK'))
    })
    expect(paintsDeviceCmyk(cmykImage)).toBe(true)
  })
})
