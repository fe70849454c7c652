import { PDFDocument, StandardFontEmbedder, StandardFonts } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { toWinAnsi } from '../modules/contracts/lined-pdf'
import { pdftotext, run, setUpPdfWork, toFile } from '../modules/signing/signing-pdf.test-helpers'
import type { FontFace } from './fonts'
import { embedFace, embedMono, embedSans, fontFace } from './fonts'

setUpPdfWork()

const FACES: FontFace[] = ['sans', 'sansBold', 'mono', 'monoBold']
/** Every character the documents print: what toWinAnsi keeps as it is. */
const WIN_ANSI = Array.from({ length: 0x2200 - 0x20 }, (_, index) => String.fromCodePoint(0x20 + index)).filter((char) => toWinAnsi(char) === char)

describe('the embedded fonts', () => {
  it('have a glyph for every character the documents print, in each of the four faces', () => {
    expect(WIN_ANSI.length).toBeGreaterThan(200)
    for (const face of FACES) {
      const missing = WIN_ANSI.filter((char) => !fontFace(face).hasGlyphForCodePoint(char.codePointAt(0)!))
      expect(missing, face).toEqual([])
    }
  })

  it('measure as the standard fonts the layouts were made with: Cousine 0.6 em for every glyph, Arimo as Helvetica for the ASCII letters, digits and signs', async () => {
    const doc = await PDFDocument.create()
    const mono = await embedMono(doc)
    for (const font of [mono.regular, mono.bold]) for (const char of WIN_ANSI.filter((each) => each !== '\u00AD')) expect(font.widthOfTextAtSize(char, 1000), char).toBeCloseTo(600, 0)
    const sans = await embedSans(doc)
    const ascii = WIN_ANSI.filter((char) => char < '\u007F').join('')
    for (const [font, standard] of [
      [sans.regular, StandardFonts.Helvetica],
      [sans.bold, StandardFonts.HelveticaBold],
    ] as const) {
      const metrics = StandardFontEmbedder.for(standard as string as Parameters<typeof StandardFontEmbedder.for>[0])
      for (const char of ascii) expect(font.widthOfTextAtSize(char, 1000), char).toBeCloseTo(metrics.widthOfTextAtSize(char, 1000), -1)
      const sentence = 'The Buyer shall deliver the Earnest Money within three (3) days after the Binding Agreement Date.'
      // Arimo's widths are in 2048ths of an em, Helvetica's rounded to 1000ths: a line differs by a few tenths of a percent.
      expect(Math.abs(font.widthOfTextAtSize(sentence, 10) / metrics.widthOfTextAtSize(sentence, 10) - 1)).toBeLessThan(0.005)
    }
  })

  it('are embedded as subsets that poppler lists as embedded, and read back as the text drawn, in each document of a process', async () => {
    // The parsed fonts are shared by every document: the second one reads back as well as the first.
    for (const text of ['Ÿ é ñ “curly” – café Ñandú ¿Qué?', 'Y e n "straight" - YJ Señor Müller €100']) {
      const doc = await PDFDocument.create()
      const page = doc.addPage([612, 792])
      for (const [index, face] of FACES.entries()) page.drawText(text, { x: 40, y: 700 - index * 20, size: 10, font: await embedFace(doc, face) })
      const bytes = await doc.save()
      const { stdout } = await run('pdffonts', [await toFile(bytes)])
      const rows = stdout.split('\n').slice(2).filter((row) => row.trim() !== '')
      expect(rows.map((row) => row.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, ''))).toEqual(['Arimo-Regular', 'Arimo-Bold', 'Cousine-Regular', 'Cousine-Bold'])
      for (const row of rows) expect(row).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes yes yes /)
      const lines = (await pdftotext(bytes, { layout: false })).split('\n').filter((line) => line.trim() !== '')
      expect(lines).toEqual([text, text, text, text])
    }
  })
})
