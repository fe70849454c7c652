import { describe, expect, it } from 'vitest'
import type { ClauseFieldKind } from '@offerbook/domain/clauses/fields'
import { RF707_CLAUSES, RF707_FORM } from '@offerbook/domain/clauses/rf707-catalogue'
import type { Rf707Layout, Rf707Parties } from '@offerbook/domain/clauses/rf707-layout'
import { layoutRf707 } from '@offerbook/domain/clauses/rf707-layout'
import type { FittedRf707Layout } from './rf707-pdf'
import { toWinAnsi } from './lined-pdf'
import { renderRf707Pdf } from './rf707-pdf'
import type { ReadPdf } from './rf707-pdf.test-helpers'
import { printedLine, readPdf } from './rf707-pdf.test-helpers'

const CREATED_AT = new Date('2025-03-14T15:09:26Z')
const PARTIES = { buyer: 'Jane Q. Buyer', seller: 'Sam Seller', property: '12 Main Street, Nashville, TN 37212' }
const SAMPLE: Record<Exclude<ClauseFieldKind, 'text'>, string> = { percent: '2.5', dollars: '12,500.00', days: '10', date: '2025-06-30', time: '03:45 PM' }

function fitted(layout: Rf707Layout): FittedRf707Layout {
  if (!layout.fits) throw new Error(`the layout does not fit: ${layout.message}`)
  return layout
}

/** Every clause ticked; each text field holds a long run of words (a full extra option wraps over many lines). */
function fullForm(): Record<string, boolean | string> {
  const data: Record<string, boolean | string> = {}
  for (const clause of RF707_CLAUSES) {
    data[clause.checkbox] = true
    for (const field of clause.fields) {
      if (field.kind !== 'text') data[field.name] = SAMPLE[field.kind]
      else data[field.name] = Array.from({ length: 400 }, (_, index) => `${field.name.toLowerCase()}-word${index}`).join(' ').slice(0, field.maxLength).trim()
    }
  }
  return data
}

async function render(formData: Record<string, unknown>, parties: Rf707Parties = {}) {
  const layout = fitted(layoutRf707(formData as Record<string, string | boolean>, parties))
  const bytes = await renderRf707Pdf(layout, { parties, createdAt: CREATED_AT })
  return { layout, bytes, read: await readPdf(bytes) }
}

function expectTheForm(read: ReadPdf) {
  expect(read.pageCount).toBe(6)
  const lines = read.pages.flatMap((page) => page.lines)
  expect(lines.map((line) => line.number)).toEqual(Array.from({ length: 287 }, (_, index) => index + 1))
  expect(read.pages.map((page) => page.lines.length)).toEqual([...RF707_FORM.linesPerPage])
  read.pages.forEach((page, index) => {
    // The footer: the form's name and version, and the page of 6, below the last numbered line.
    expect(page.rows.at(-1)).toBe(`RF707 - Additional Contract Language - Version 01/01/2024 Page ${index + 1} of 6`)
    expect(page.rows.filter((row) => row.includes(' of 6'))).toHaveLength(1)
  })
  return lines
}

/**
 * What the preview prints (the layout's lines) is what the PDF prints, line for line. With `asPrinted`,
 * each span as the standard font prints it (characters it lacks mapped by toWinAnsi).
 */
function expectSameLines(read: ReadPdf, layout: FittedRf707Layout, { asPrinted = false } = {}) {
  const printed = read.pages.flatMap((page) => page.lines).map((line) => `${line.number} ${line.text}`.trimEnd())
  const expected = layout.lines.map((line) => printedLine(line.spans, { asPrinted }))
  expect(printed).toEqual(expected.map((text, index) => `${index + 1} ${text}`.trimEnd()))
}

describe('the RF707 PDF of an empty form', async () => {
  const { layout, read } = await render({})

  it('has 6 US Letter pages with the lines 1 to 287 in order and the footer Page x of 6 on each', async () => {
    expectTheForm(read)
  })

  it('prints the same lines as the preview', () => {
    expectSameLines(read, layout)
    expect(layout.lines.filter((line) => line.text !== '').length).toBeGreaterThan(100)
  })

  it('heads page 1 with the form, its title, version and blanks for the parties; the other pages with the form and version', () => {
    expect(read.pages[0]?.rows.slice(0, 5)).toEqual([
      'RF707 Version 01/01/2024',
      'ADDITIONAL CONTRACT LANGUAGE',
      `Buyer: ${'_'.repeat(36)}`,
      `Seller: ${'_'.repeat(36)}`,
      `Property: ${'_'.repeat(36)}`,
    ])
    for (const page of read.pages.slice(1)) expect(page.rows[0]).toBe('RF707 - ADDITIONAL CONTRACT LANGUAGE Version 01/01/2024')
  })

  it('describes itself in the document information', () => {
    expect(read.info).toMatchObject({
      Title: 'RF707 - ADDITIONAL CONTRACT LANGUAGE',
      Subject: 'ADDITIONAL CONTRACT LANGUAGE, version 01/01/2024',
      Producer: 'Offerbook',
      Creator: 'Offerbook',
      CreationDate: 'D:20250314150926Z',
    })
  })
})

describe('the RF707 PDF of a full form with long values', async () => {
  const { layout, bytes, read } = await render(fullForm(), PARTIES)

  it('keeps the 6 pages and 287 numbered lines', () => {
    expectTheForm(read)
    expect(bytes.byteLength).toBeLessThan(200_000)
  })

  it('prints the same lines as the preview, the long values wrapped where the preview wraps them', () => {
    expectSameLines(read, layout)
    const extra = read.pages.flatMap((page) => page.lines).filter((line) => line.text.includes('ntext1-word'))
    expect(extra.length).toBeGreaterThan(10)
  })

  it('names the parties and the Property on page 1 and in the document information', () => {
    expect(read.pages[0]?.rows.slice(2, 5)).toEqual(['Buyer: Jane Q. Buyer', 'Seller: Sam Seller', 'Property: 12 Main Street, Nashville, TN 37212'])
    expect(read.info.Subject).toBe('ADDITIONAL CONTRACT LANGUAGE for 12 Main Street, Nashville, TN 37212')
  })

  it('sets the values, marks and clause titles in bold without changing the text', () => {
    const boldOfLayout = layout.lines.map((line) =>
      line.spans.map((span) => (['value', 'mark', 'heading'].includes(span.kind) ? span.text : ' '.repeat(span.text.length))).join('').trimEnd(),
    )
    expect(read.pages.flatMap((page) => page.lines).map((line) => line.bold)).toEqual(boldOfLayout)
    const lineA = read.pages.flatMap((page) => page.lines).find((line) => line.text.startsWith('A.  [X]'))
    expect(lineA?.text).toMatch(/^A\. {2}\[X\] Seller pays Buyer's expenses\. At Closing, Seller shall pay 2\.5% of the/)
    expect(lineA?.bold).toMatch(/^A\. {2}\[X\] Seller pays Buyer's expenses\. {30}2\.5 *$/)
  })

  it('shortens a very long party name in the page 1 header, and prints it whole on the numbered lines', async () => {
    const buyer = `Buyer ${'Longname '.repeat(20)}End`.trim()
    const long = await render({ ACheckbox: true, Atext1: '1', Atext2: '1' }, { buyer })
    expect(long.read.pages[0]?.rows[2]).toMatch(/^Buyer: Buyer Longname .*\.\.\.$/)
    expect(long.read.pages[0]?.rows[2]?.length).toBeLessThanOrEqual(80)
    expectSameLines(long.read, long.layout)
    expect(long.read.pages[0]?.lines.map((line) => line.text).join(' ')).toContain(`${buyer.slice(0, 40)}`)
    expect(long.read.pages[0]?.lines.map((line) => line.text).join(' ')).toContain('Longname End and the Seller')
  })
})

describe('values with markup or characters the standard font lacks', () => {
  const ODD = 'Seller’s “best” <script>alert("x")</script> & <b>bold</b> 😀 \u200Fשלום\u200E café Zoë łódź ő 字 e\u0301 5\u2009000 \u2212 1'

  it('draws them as text on their numbered lines, without breaking the 6-page layout', async () => {
    const { layout, read } = await render({ NCheckbox: true, Ntext1: ODD, OCheckbox: true, Otext1: '<img src=x onerror=alert(1)> "quoted" \'single\'' }, { buyer: 'Zoë 😀 <i>Buyer</i>', property: '\u202E12 Main St' })
    expectTheForm(read)
    expectSameLines(read, layout, { asPrinted: true })
    const printed = read.pages.flatMap((page) => page.lines.map((line) => line.text.trim())).join(' ')
    expect(printed).toContain('Seller’s “best” <script>alert("x")</script> & <b>bold</b> ? ???? café Zoë lódz o ? é 5 000 - 1')
    expect(printed).toContain('<img src=x onerror=alert(1)> "quoted" \'single\'')
    expect(read.pages[0]?.rows[2]).toBe('Buyer: Zoë ? <i>Buyer</i>')
    expect(printed).not.toMatch(/[\u200E\u200F\u202E]/)
  })

  it('maps each character to one the font can draw, never making a line longer', () => {
    expect(toWinAnsi('€ ‘quotes’ “double” – — … café Ünïcödé')).toBe('€ ‘quotes’ “double” – — … café Ünïcödé')
    expect(toWinAnsi('łódź Łódź ő ı')).toBe('lódz Lódz o i')
    expect(toWinAnsi('a\u2009b\u00A0c\u3000d')).toBe('a b\u00A0c d')
    expect(toWinAnsi('\u2212 \u2010 \u2032 \u2033')).toBe('- - \' "')
    expect(toWinAnsi('x\u200By\u200Dz\uFE0F\u200F\u061C')).toBe('xyz')
    expect(toWinAnsi('😀 字 Ω')).toBe('? ? ?')
    expect(toWinAnsi('\uD800 lone')).toBe('? lone')
    expect(toWinAnsi('ﬁ')).toBe('?')
  })

  it('renders whatever characters a value holds', async () => {
    // A fixed spread of characters from many scripts and symbol blocks, mixed into the values.
    const ranges = [0x20, 0x7f, 0xa0, 0x100, 0x300, 0x370, 0x590, 0x600, 0x900, 0x2000, 0x2190, 0x2500, 0x3040, 0x4e00, 0xac00, 0xfe00, 0xff00, 0x1f300, 0x1f600, 0xe0000]
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const value = (length: number) =>
      Array.from({ length }, () => String.fromCodePoint((ranges[Math.floor(random() * ranges.length)] ?? 0x20) + Math.floor(random() * 96))).join('')
    for (let round = 0; round < 3; round++) {
      const data: Record<string, string | boolean> = { CCheckbox: true, Ctext1: value(150), Ctext2: value(60), Ctext3: value(60), NCheckbox: true, Ntext1: value(1000) }
      const { layout, read } = await render(data, { buyer: value(100), seller: value(100), property: value(200) })
      expectTheForm(read)
      expectSameLines(read, layout, { asPrinted: true })
    }
  })
})
