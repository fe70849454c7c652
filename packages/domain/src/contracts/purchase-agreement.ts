import type { AgreementFormVersion } from './purchase-agreement-form'
import { agreementForm, agreementPageFooter } from './purchase-agreement-form'
import type { Draft, LineSpan } from './lined-text'
import { heading, lineText, toSpans, wrap } from './lined-text'
import type { AgreementInput, AgreementSectionKey } from './agreement-pieces'
import { AGREEMENT_SECTIONS } from './purchase-agreement-sections'

export type { AgreementInput, AgreementProperty, AgreementSectionKey } from './agreement-pieces'

/**
 * Lays the purchase and sale agreement of one version of an offer onto numbered lines and pages, so
 * that the browser's preview and the server's PDF print the same text on the same line numbers (as
 * the RF707's layout does). The form is the one the offer was made on (terms.form). Sections are
 * numbered in order; a section's heading is never the last line of a page, and a signature or
 * licensee block is never split over two pages.
 */

export type AgreementLine = {
  /** 1 to the last line of the document. */
  readonly number: number
  readonly page: number
  /** The section the line belongs to. */
  readonly section: AgreementSectionKey
  readonly text: string
  readonly spans: readonly LineSpan[]
}
export type AgreementPage = { readonly number: number; readonly footer: string; readonly lines: readonly AgreementLine[] }
export type AgreementSectionPlace = { readonly key: AgreementSectionKey; readonly number: number; readonly title: string; readonly line: number; readonly page: number }
export type AgreementLayout = {
  readonly form: AgreementFormVersion
  readonly pages: readonly AgreementPage[]
  readonly lines: readonly AgreementLine[]
  readonly sections: readonly AgreementSectionPlace[]
}

type Placed = { draft: Draft; section: AgreementSectionKey }

/** Lines a section's heading keeps with it on its page. */
const HEADING_KEEPS = 2

export function layoutPurchaseAgreement(input: AgreementInput, formVersion: string | null = input.terms.form.version): AgreementLayout {
  const form = agreementForm(formVersion)
  const width = form.lineWidth
  const perPage = form.linesPerPage
  const placed: Placed[] = []
  const starts: { key: AgreementSectionKey; number: number; title: string; index: number }[] = []
  const roomOnPage = () => perPage - (placed.length % perPage)
  const toNextPage = (section: AgreementSectionKey) => {
    while (placed.length % perPage !== 0) placed.push({ draft: [], section })
  }

  AGREEMENT_SECTIONS.forEach((section, index) => {
    const number = index + 1
    if (placed.length % perPage !== 0) placed.push({ draft: [], section: section.key })
    const blocks = section.blocks(input).map((block) => ({
      keepTogether: block.keepTogether ?? false,
      lines: block.paragraphs.flatMap((paragraph) => (paragraph.pieces.length === 0 && !paragraph.first ? [[]] : wrap(paragraph.pieces, { width, first: paragraph.first, indent: paragraph.indent }))),
    }))
    const headingLine: Draft = [heading(`${number}.`.padEnd(4)), heading(section.title)]
    const firstBlock = blocks[0]?.lines.length ?? 0
    const keepWithHeading = 1 + Math.min(HEADING_KEEPS, blocks[0]?.keepTogether ? firstBlock : HEADING_KEEPS)
    if (roomOnPage() < keepWithHeading) toNextPage(section.key)
    starts.push({ key: section.key, number, title: section.title, index: placed.length })
    placed.push({ draft: headingLine, section: section.key })
    for (const block of blocks) {
      if (block.keepTogether && block.lines.length <= perPage && roomOnPage() < block.lines.length) toNextPage(section.key)
      for (const line of block.lines) {
        // A blank line that opens a page is dropped: the page's top is space enough. A block kept
        // together keeps its own: a signer's blank lines are the room its signature field takes.
        if (line.length === 0 && placed.length % perPage === 0 && !block.keepTogether) continue
        placed.push({ draft: line, section: section.key })
      }
    }
  })

  const pageCount = Math.max(1, Math.ceil(placed.length / perPage))
  const lines: AgreementLine[] = placed.map(({ draft, section }, index) => {
    const spans = toSpans(draft)
    return { number: index + 1, page: Math.floor(index / perPage) + 1, section, text: lineText(spans), spans }
  })
  const pages: AgreementPage[] = Array.from({ length: pageCount }, (_, index) => ({
    number: index + 1,
    footer: agreementPageFooter(index + 1, pageCount),
    lines: lines.filter((line) => line.page === index + 1),
  }))
  const sections = starts.map(({ key, number, title, index }) => ({ key, number, title, line: index + 1, page: Math.floor(index / perPage) + 1 }))
  return { form, pages, lines, sections }
}
