import { screen, within } from '@testing-library/react'
import { RF707_FORM_LABEL } from '@offerbook/domain/clauses/rf707-catalogue'
import { layoutRf707 } from '@offerbook/domain/clauses/rf707-layout'
import { describe, expect, it } from 'vitest'
import { renderAt } from '../../../test/render'
import { Rf707Preview } from './rf707-preview'

const parties = { buyer: 'Ben Buyer', seller: 'Olivia Owner', property: '1200 Demonbreun Street, Nashville, TN 37203' }
const choices = { ACheckbox: true, Atext1: '3', Atext2: '5,000', MCheckbox: true, NCheckbox: true, Ntext1: 'Seller leaves the <b>washer</b> & dryer.' }

function pages() {
  const preview = screen.getByRole('region', { name: 'Preview of the RF707 document' })
  return { preview, pages: [1, 2, 3, 4, 5, 6].map((page) => within(preview).getByRole('region', { name: `Page ${page} of 6` })) }
}

/** The document's words as one run: line numbers dropped, the line breaks of the layout read as spaces. */
const documentText = (lines: HTMLElement[]) =>
  lines
    .map((line) => line.textContent?.slice(5) ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')

describe('Rf707Preview', { timeout: 30_000 }, () => {
  it('draws 287 numbered lines, in order, on 6 pages, each page with its footer and the form version', () => {
    renderAt(<Rf707Preview formData={{}} />)
    const { preview, pages: sheets } = pages()
    expect(within(preview).getAllByRole('region')).toHaveLength(6)
    expect(sheets.map((sheet) => within(sheet).getAllByRole('listitem').length)).toEqual([48, 48, 48, 48, 48, 47])
    const numbers = within(preview)
      .getAllByRole('listitem')
      .map((line) => Number(line.textContent?.slice(0, 3)))
    expect(numbers).toEqual(Array.from({ length: 287 }, (_, index) => index + 1))
    sheets.forEach((sheet, index) => {
      expect(within(sheet).getByText(`Page ${index + 1} of 6`)).toBeTruthy()
      expect(within(sheet).getByText(RF707_FORM_LABEL)).toBeTruthy()
    })
    expect(RF707_FORM_LABEL).toContain('Version 01/01/2024')
  })

  it('says on each line exactly what the layout (and so the PDF) says, the values in place', () => {
    renderAt(<Rf707Preview formData={choices} parties={parties} />)
    const layout = layoutRf707(choices, parties)
    if (!layout.fits) throw new Error('the layout should fit')
    const lines = within(pages().preview).getAllByRole('listitem')
    expect(lines.map((line) => line.textContent)).toEqual(layout.lines.map((line) => `${String(line.number).padStart(3, ' ')}  ${line.text}`))
    const text = documentText(lines)
    expect(text).toContain('between the Buyer Ben Buyer and the Seller Olivia Owner')
    expect(text).toContain('A. [X] Seller pays Buyer\'s expenses. At Closing, Seller shall pay 3% of the Purchase Price')
    expect(text).toContain('B. [ ] Reduction in price in lieu of repairs.')
  })

  it('sets the filled values apart, and shows a value that looks like markup as the text it is', () => {
    const { container } = renderAt(<Rf707Preview formData={choices} parties={parties} />)
    const values = [...container.querySelectorAll('strong')].map((element) => element.textContent)
    expect(values).toContain('Olivia Owner')
    expect(values).toContain('3')
    expect(values.join(' ')).toContain('Seller leaves the <b>washer</b> & dryer.')
    expect(container.querySelector('ol b b, strong b')).toBeNull()
    expect([...container.querySelectorAll('b')].some((element) => element.textContent === 'washer')).toBe(false)
  })

  it('says so when the parties and values cannot fit on the 6 pages', () => {
    const long = 'word '.repeat(3000)
    renderAt(<Rf707Preview formData={{}} parties={{ buyer: long, seller: long, property: long }} />)
    expect(screen.getByRole('alert').textContent).toMatch(/^The addendum does not fit on its 6 pages: shorten the longest filled-in values \(\d+ lines needed, 287 available\)\.$/)
    expect(screen.queryByRole('region', { name: 'Page 1 of 6' })).toBeNull()
  })
})
