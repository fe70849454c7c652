import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '../../test/render'
import { FileList } from './file-list'

const items = [
  { title: 'Purchase agreement', filename: 'rf401-purchase.pdf', url: '/files/rf401-purchase.pdf' },
  { title: 'Lead disclosure', filename: 'lead.pdf', url: '/files/lead.pdf' },
]

/** The responsive rules Mantine writes into a style tag for one grid column. */
function columnCss(column: HTMLElement): string {
  const className = [...column.classList].find((name) => name.startsWith('__m__-'))
  const rules = [...document.querySelectorAll('style')].map((tag) => tag.textContent ?? '').find((text) => className && text.startsWith(`.${className}{`))
  return rules ?? ''
}

describe('FileList', () => {
  it('shows each file with its title and filename, in a labelled list', () => {
    renderAt(<FileList items={items} label="Offer documents" />)
    const list = screen.getByRole('list', { name: 'Offer documents' })
    const entries = within(list).getAllByRole('listitem')
    expect(entries).toHaveLength(2)
    expect(within(entries[0]!).getByText('Purchase agreement')).toBeTruthy()
    expect(within(entries[0]!).getByText('rf401-purchase.pdf')).toBeTruthy()
    expect(within(entries[1]!).getByText('Lead disclosure')).toBeTruthy()
  })

  it('opens a file in a new tab without giving it this window', () => {
    renderAt(<FileList items={items} />)
    const open = screen.getByRole('link', { name: 'Open Purchase agreement' })
    expect(open.getAttribute('href')).toBe('/files/rf401-purchase.pdf')
    expect(open.getAttribute('target')).toBe('_blank')
    expect(open.getAttribute('rel')).toBe('noopener noreferrer')
    expect(open.textContent).toContain('Open')
    expect(document.getElementById(open.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Opens in a new tab')
  })

  it('downloads a file under its filename', () => {
    renderAt(<FileList items={items} />)
    const download = screen.getByRole('link', { name: 'Download Lead disclosure' })
    expect(download.getAttribute('href')).toBe('/files/lead.pdf')
    expect(download.getAttribute('download')).toBe('lead.pdf')
  })

  it('gives each item 3 of 12 columns on wide screens by default, and the full width on small ones', () => {
    renderAt(<FileList items={items} />)
    const css = columnCss(screen.getAllByRole('listitem')[0]!)
    expect(css).toMatch(/^\.[^{]+\{[^}]*--col-flex-basis:100%/)
    expect(css).toContain('@media(min-width: 62em){.__m__-')
    expect(css).toMatch(/62em\)\{[^}]*--col-flex-basis:calc\(25% /)
  })

  it('takes another column span', () => {
    renderAt(<FileList items={items} span={4} />)
    expect(columnCss(screen.getAllByRole('listitem')[0]!)).toMatch(/62em\)\{[^}]*--col-flex-basis:calc\(33\.3\d*% /)
  })

  it('says so when there are no files', () => {
    renderAt(<FileList items={[]} />)
    expect(screen.getByText('No files yet')).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
  })
})
