import { describe, expect, it } from 'vitest'
import { messageText } from '../messages'
import type { ClauseFieldKind } from './fields'
import { RF707_CLAUSES, RF707_EXTRA_CLAUSES, RF707_EXTRA_MAX_LENGTH, RF707_FORM } from './rf707-catalogue'
import type { Rf707Layout, Rf707Line } from './rf707-layout'
import { layoutRf707, RF707_EXTRA_AREA_LINES, RF707_REST_BLANK } from './rf707-layout'

const SAMPLE: Record<ClauseFieldKind, string> = { text: 'Sample text', percent: '3', dollars: '1,500.00', days: '10', date: '2025-06-30', time: '03:45 PM' }
const LONGEST: Record<ClauseFieldKind, string> = { text: '', percent: '100.00', dollars: '999,999,999.99', days: '365', date: '2025-12-31', time: '12:00 PM' }
const PARTIES = { buyer: 'Jane Q. Buyer', seller: 'Sam Seller', property: '12 Main Street, Nashville, TN 37212' }

function everyClauseTicked(valueOf: (kind: ClauseFieldKind, maxLength: number) => string) {
  const data: Record<string, string | boolean> = {}
  for (const clause of RF707_CLAUSES) {
    data[clause.checkbox] = true
    for (const field of clause.fields) data[field.name] = valueOf(field.kind, field.maxLength)
  }
  return data
}

function fitted(layout: Rf707Layout) {
  if (!layout.fits) throw new Error(`does not fit: ${layout.linesNeeded} lines`)
  return layout
}

function expectTheForm(layout: Rf707Layout) {
  const { lines, pages } = fitted(layout)
  expect(lines).toHaveLength(287)
  expect(lines.map((line) => line.number)).toEqual(Array.from({ length: 287 }, (_, index) => index + 1))
  expect(pages.map((page) => page.number)).toEqual([1, 2, 3, 4, 5, 6])
  expect(pages.map((page) => page.lines.length)).toEqual([...RF707_FORM.linesPerPage])
  expect(pages.map((page) => page.footer)).toEqual(['Page 1 of 6', 'Page 2 of 6', 'Page 3 of 6', 'Page 4 of 6', 'Page 5 of 6', 'Page 6 of 6'])
  for (const page of pages) for (const line of page.lines) expect(line.page).toBe(page.number)
  for (const line of lines) {
    expect(line.text.length, `line ${line.number}`).toBeLessThanOrEqual(RF707_FORM.lineWidth)
    expect(line.spans.map((span) => span.text).join(''), `line ${line.number}`).toBe(line.text)
    expect(line.spans.every((span) => span.text !== '')).toBe(true)
    expect(line.text).not.toMatch(/[\p{Cc}\u2028\u2029]/u)
  }
  // The signature lines close page 6.
  expect(lines.slice(-4).map((line) => line.text.split(' ')[0])).toEqual(['Buyer', 'Buyer', 'Seller', 'Seller'])
  return { lines, pages }
}

/** Each clause's lines: from its 'A.  [X]' line to the last indented line after it. */
function clauseBlocks(lines: readonly Rf707Line[]): Map<string, Rf707Line[]> {
  const blocks = new Map<string, Rf707Line[]>()
  let current: Rf707Line[] | null = null
  for (const line of lines) {
    const head = /^([A-O])\. {2}\[[X ]\] /.exec(line.text)
    if (head?.[1]) blocks.set(head[1], (current = [line]))
    else if (current && line.text.startsWith('    ')) current.push(line)
    else current = null
  }
  return blocks
}

describe('the RF707 layout of an empty form', () => {
  const { lines } = expectTheForm(layoutRf707({}))

  it('shows every clause unmarked with underscores for its blanks', () => {
    const blocks = clauseBlocks(lines)
    expect([...blocks.keys()]).toEqual('ABCDEFGHIJKLMNO'.split(''))
    for (const [key, block] of blocks) expect(block[0]?.text, key).toContain('[ ]')
    expect(blocks.get('A')?.map((line) => line.text.trim()).join(' ')).toContain('pay _____% of the Purchase Price')
    expect(lines.some((line) => line.text.includes('[X]') && /^[A-O]\./.test(line.text))).toBe(false)
    expect(lines.map((line) => line.text).join('\n')).not.toMatch(/\{[A-Z]\d?text\d+\}/)
  })

  it('rules the writing area of each extra option', () => {
    for (const clause of RF707_EXTRA_CLAUSES) {
      const block = clauseBlocks(lines).get(clause.key) ?? []
      expect(block).toHaveLength(RF707_EXTRA_AREA_LINES)
      for (const line of block.slice(1)) expect(line.text).toBe(`    ${'_'.repeat(RF707_FORM.lineWidth - 4)}`)
    }
  })

  it('titles the first page and leaves the parties blank', () => {
    expect(lines[0]?.text.trim()).toBe('ADDITIONAL CONTRACT LANGUAGE')
    expect(lines.slice(0, 8).map((line) => line.text).join(' ')).toMatch(/between the Buyer _{10,} and the Seller _{10,} for the Property at _{10,}\./)
  })

  it('says the unused lines are left blank, and leaves them empty', () => {
    const note = lines.findIndex((line) => line.text === RF707_REST_BLANK)
    expect(note).toBeGreaterThan(0)
    expect(lines.slice(note + 1, -8).every((line) => line.text === '')).toBe(true)
  })

  it('keeps each clause on one page', () => {
    for (const [key, block] of clauseBlocks(lines)) expect(new Set(block.map((line) => line.page)).size, key).toBe(1)
  })
})

describe('the RF707 layout of a full form', () => {
  const data = everyClauseTicked((kind) => SAMPLE[kind])
  const { lines } = expectTheForm(layoutRf707(data, PARTIES))
  const blocks = clauseBlocks(lines)
  const blockText = (key: string) => (blocks.get(key) ?? []).map((line) => line.text.trim()).join(' ')

  it('marks every clause and puts each value in place', () => {
    for (const [key, block] of blocks) expect(block[0]?.text, key).toContain('[X]')
    expect(blockText('A')).toContain('Seller shall pay 3% of the Purchase Price, but not more than $1,500.00 in all')
    expect(blockText('F')).toContain('contingent on Sample text viewing and approving the Property on or before 2025-06-30 at 03:45 PM.')
    expect(blockText('L')).toContain('entered on or before 2025-06-30 and not appealed')
    expect(blockText('N')).toBe('N.  [X] Additional clause 1. Sample text')
  })

  it('sets values apart from the form text', () => {
    const lineA = blocks.get('A')?.[0]
    expect(lineA?.spans).toContainEqual({ text: '3', kind: 'value' })
    expect(lineA?.spans[1]).toEqual({ text: '[X]', kind: 'mark' })
  })

  it('names the parties and the Property in the header', () => {
    expect(lines.slice(0, 8).map((line) => line.text).join(' ')).toContain(
      'between the Buyer Jane Q. Buyer and the Seller Sam Seller for the Property at 12 Main Street, Nashville, TN 37212.',
    )
  })

  it('lays out the same lines each time', () => {
    expect(layoutRf707(data, PARTIES)).toEqual(layoutRf707(data, PARTIES))
  })

  it('still fits with every value at the longest a field takes', () => {
    const longest = everyClauseTicked((kind, maxLength) => (kind === 'text' ? 'word '.repeat(maxLength / 5).trim() : LONGEST[kind]))
    expectTheForm(layoutRf707(longest, PARTIES))
  })
})

describe('values that are long or not plain', () => {
  it('wraps a long value onto further numbered lines', () => {
    const value = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ')
    const { lines } = expectTheForm(layoutRf707({ CCheckbox: true, Ctext1: value, Ctext2: 'Metro', Ctext3: 'Seller' }))
    const block = clauseBlocks(lines).get('C') ?? []
    expect(block.length).toBeGreaterThan(6)
    expect(block.map((line) => line.text.trim()).join(' ')).toContain(`against the Property for ${value}, imposed by Metro.`)
    expect(lines.filter((line) => line.text.includes('word59'))).toHaveLength(1)
  })

  it('cuts a word longer than a line where the line ends', () => {
    const { lines } = expectTheForm(layoutRf707({ NCheckbox: true, Ntext1: 'x'.repeat(200) }))
    const block = clauseBlocks(lines).get('N') ?? []
    expect(block.slice(1, 4).map((line) => line.text)).toEqual([`    ${'x'.repeat(76)}`, `    ${'x'.repeat(76)}`, `    ${'x'.repeat(48)}`])
  })

  it('prints line breaks and control characters in values as spaces', () => {
    const { lines } = expectTheForm(layoutRf707({ KCheckbox: true, Ktext1: 'No. 3:24-bk-01\n\r\u0000Middle District', Ktext2: '30' }, { buyer: 'Jane\nBuyer' }))
    expect(clauseBlocks(lines).get('K')?.map((line) => line.text.trim()).join(' ')).toContain('bankruptcy case, No. 3:24-bk-01 Middle District.')
    expect(lines.slice(0, 8).map((line) => line.text).join(' ')).toContain('the Buyer Jane Buyer and')
  })

  it('shows the blank of a ticked clause whose value is missing', () => {
    const { lines } = expectTheForm(layoutRf707({ ICheckbox: true }))
    expect(clauseBlocks(lines).get('I')?.map((line) => line.text).join(' ')).toMatch(/\[X\] Radon\..* within ____ days/)
  })

  it('reports content that cannot fit on the 6 pages instead of laying it out', () => {
    const layout = layoutRf707({ NCheckbox: true, Ntext1: 'word '.repeat(5000), OCheckbox: true, Otext1: 'more' })
    expect(layout.fits).toBe(false)
    if (layout.fits) return
    expect(layout.linesNeeded).toBeGreaterThan(287)
    expect(layout.linesAvailable).toBe(287)
    expect(messageText(layout.message.key)).toBe('The addendum does not fit on its 6 pages: shorten the longest filled-in values')
  })

  it('fits right up to the last line before the signatures', () => {
    // Grow the first extra option word by word until the layout no longer fits: the last fitting one
    // has no lines to spare and the next one is reported.
    let words = 1000
    while (layoutRf707({ NCheckbox: true, Ntext1: 'word '.repeat(words) }).fits) words += 10
    while (!layoutRf707({ NCheckbox: true, Ntext1: 'word '.repeat(words) }).fits) words -= 1
    const { lines } = expectTheForm(layoutRf707({ NCheckbox: true, Ntext1: 'word '.repeat(words) }))
    // Clause O's ruled area ends on line 279, right above the signature block's blank line 280.
    expect(lines.filter((line) => line.text !== '' && line.number < 280).at(-1)?.number).toBe(279)
    expect(lines.some((line) => line.text === RF707_REST_BLANK)).toBe(false)
    const over = layoutRf707({ NCheckbox: true, Ntext1: 'word '.repeat(words + 20) })
    expect(over.fits).toBe(false)
  })

  it('leaves the extra area text unruled once filled', () => {
    expect(RF707_EXTRA_MAX_LENGTH).toBe(1200)
    const { lines } = expectTheForm(layoutRf707({ OCheckbox: true, Otext1: 'Seller leaves the piano.' }))
    const block = clauseBlocks(lines).get('O') ?? []
    expect(block.map((line) => line.text)).toEqual(['O.  [X] Additional clause 2.', '    Seller leaves the piano.'])
  })
})

describe('amounts on the RF707', () => {
  it('prints a dollar amount grouped by thousands, as typed or not', () => {
    const text = (Btext1: string) => fitted(layoutRf707({ BCheckbox: true, Btext1 }, PARTIES)).lines.map((line) => line.text).join(' ')
    expect(text('5000')).toContain('$5,000')
    expect(text('5000')).not.toContain('$5000')
    expect(text('1234.5')).toContain('$1,234.50')
  })
})
