import type { OfferTerms } from '../offer-terms'
import { formatUsd } from '../money'
import { CENTRAL_TIME, formatCalendarDate } from '../property-time'
import type { LineSpan } from './lined-text'
import { heading, text, valueOrBlank } from './lined-text'

/**
 * What the purchase agreement's sections are made of (purchase-agreement-sections.ts): its input,
 * paragraphs and blocks, and the small builders every section uses: a value or a blank to fill, a
 * lettered item, a box to mark.
 */

/**
 * The property as the agreement identifies it (../shared/domain.md section 1), from its listing; a
 * part the listing leaves empty prints as a blank to fill.
 */
export type AgreementProperty = {
  /** The full address: street, city, state and ZIP. */
  readonly address: string
  readonly county?: string | null
  /** The tax map and parcel ID (the listing's ParcelNumber). */
  readonly parcelNumber?: string | null
  /** Deed book and page, or instrument number, at the county Register of Deeds (the listing's deedReference). */
  readonly deedReference?: string | null
  /** The listing's TaxLegalDescription; its line breaks are kept. */
  readonly legalDescription?: string | null
}

/** What the agreement is made from. */
export type AgreementInput = {
  readonly terms: OfferTerms
  readonly property: AgreementProperty
  /** The sellers' names, when the listing knows them; blank signature blocks otherwise. */
  readonly sellers?: readonly string[]
  /** The property's zone: the offer's expiry and the Binding Agreement Date are written in it. */
  readonly timeZone?: string
  /** When notice of acceptance was received (ISO instant); null leaves the block as lines to fill. */
  readonly bindingAgreementAt?: string | null
  /** The version of the offer's terms it prints. */
  readonly version?: number
}

/** A paragraph: its runs, and how its first line starts (an item's letter, a box). */
export type AgreementParagraph = { readonly pieces: readonly LineSpan[]; readonly first?: readonly LineSpan[]; readonly indent?: number }
/** A group of lines that should not be split over two pages (a signature block). */
export type AgreementBlock = { readonly keepTogether?: boolean; readonly paragraphs: readonly AgreementParagraph[] }

export type AgreementSectionKey =
  | 'parties'
  | 'price'
  | 'earnestMoney'
  | 'closing'
  | 'inspections'
  | 'title'
  | 'concessions'
  | 'stipulations'
  | 'offerExpiry'
  | 'bindingDate'
  | 'signatures'

export type AgreementSection = { readonly key: AgreementSectionKey; readonly title: string; readonly blocks: (input: AgreementInput) => AgreementBlock[] }

export const BLANK = { short: 12, medium: 24, long: 40, line: 76 } as const
export const HANG = 4

export const usd = (amount: number) => formatUsd(amount, 'en-US')
export const v = (value: string | null | undefined, blank: number = BLANK.medium): LineSpan => valueOrBlank((value ?? '').trim(), blank)
export const money = (amount: number | null, blank: number = BLANK.short): LineSpan => v(amount === null ? '' : usd(amount), blank)
export const days = (count: number | null): LineSpan => v(count === null ? '' : String(count), 4)
export const date = (iso: string | null): LineSpan => v(iso === null ? '' : formatCalendarDate(iso), BLANK.medium)
export const box = (ticked: boolean | null): LineSpan => ({ text: ticked ? '[X]' : '[ ]', kind: 'mark' })

export const para = (...pieces: LineSpan[]): AgreementParagraph => ({ pieces })
/** A lettered item: 'A.  ' then its text, the lines after it under the text. */
export const item = (letter: string, ...pieces: LineSpan[]): AgreementParagraph => ({ first: [heading(`${letter}.`.padEnd(HANG))], pieces, indent: HANG })
/** A choice: '[X] ' then its text, under the item's text. */
export const choice = (ticked: boolean | null, ...pieces: LineSpan[]): AgreementParagraph => ({ first: [text(' '.repeat(HANG)), box(ticked), text(' ')], pieces, indent: HANG + 4 })
export const block = (...paragraphs: AgreementParagraph[]): AgreementBlock => ({ paragraphs })

const named = (names: readonly string[]) => names.map((name) => name.trim()).filter(Boolean)
export const buyerNames = (input: AgreementInput): string[] => named(input.terms.buyers.map((buyer) => buyer.fullName))
export const sellerNames = (input: AgreementInput): string[] => named(input.sellers ?? [])
export const zoneOf = (input: AgreementInput) => input.timeZone ?? CENTRAL_TIME

