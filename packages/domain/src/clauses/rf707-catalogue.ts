import type { Clause, ClauseCatalogue } from './clause-types'
import { defineClause } from './clause-types'
import { STIPULATION_CLAUSES } from './stipulation-catalogue'

/**
 * The RF707 addendum, ADDITIONAL CONTRACT LANGUAGE (spec screens 1 and 2, section 9): 13 lettered
 * clauses A to M, which are the stipulation catalogue's A to M word for word, and two extra clause
 * options N and O where the parties write language of their own. The document is laid out by
 * rf707-layout.ts. See docs/decisions/010-clause-catalogues.md.
 */
export const RF707_FORM = {
  id: 'RF707',
  title: 'ADDITIONAL CONTRACT LANGUAGE',
  version: '01/01/2024',
  pageCount: 6,
  lineCount: 287,
  /** Numbered lines on each page, 1 to 6: five pages of 48 and a last page of 47. */
  linesPerPage: [48, 48, 48, 48, 48, 47],
  /** Characters on a numbered line (a monospaced line: the preview and the PDF lay out the same text). */
  lineWidth: 80,
} as const

/** Longest language of an extra option; enough to fill about a quarter of a page. */
export const RF707_EXTRA_MAX_LENGTH = 1200

const LETTERED_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'] as const

export const RF707_LETTERED_CLAUSES: ClauseCatalogue = LETTERED_KEYS.map((key) => {
  const clause = STIPULATION_CLAUSES.find((candidate) => candidate.key === key)
  if (!clause) throw new Error(`The stipulation catalogue has no clause ${key}`)
  return clause
})

function extraOption(key: string, title: string): Clause {
  return defineClause(key, title, '{1}', [
    ['text', 'Language to add, in your own words', { maxLength: RF707_EXTRA_MAX_LENGTH, blankLength: RF707_FORM.lineWidth }],
  ])
}

export const RF707_EXTRA_CLAUSES: ClauseCatalogue = [extraOption('N', 'Additional clause 1'), extraOption('O', 'Additional clause 2')]

/** All 15 in the order the form prints them. */
export const RF707_CLAUSES: ClauseCatalogue = [...RF707_LETTERED_CLAUSES, ...RF707_EXTRA_CLAUSES]

/** 'Page 2 of 6'. */
export function pageFooter(page: number): string {
  if (!Number.isInteger(page) || page < 1 || page > RF707_FORM.pageCount) throw new RangeError(`RF707 has no page ${page}`)
  return `Page ${page} of ${RF707_FORM.pageCount}`
}

/** The form's name and version, printed beside the page footer. */
export const RF707_FORM_LABEL = `${RF707_FORM.id} - Additional Contract Language - Version ${RF707_FORM.version}`
