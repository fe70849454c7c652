import type { PDFFont, PDFPage } from 'pdf-lib'
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import { formatUsd } from '@offerbook/domain/money'
import type { Concession, OfferAgent, OfferParty, OfferTerms } from '@offerbook/domain/offer'
import { concessionDollars } from '@offerbook/domain/offer'
import { formatPhone } from '@offerbook/domain/phone'
import { CENTRAL_TIME, formatZonedDateTime } from '@offerbook/domain/property-time'
import { offerStipulationsText } from '@offerbook/domain/offer-clauses'
import type { NetSheetLine } from '@offerbook/domain/net-sheet'
import { netSheet } from '@offerbook/domain/net-sheet'
import { toWinAnsi } from '../contracts/lined-pdf'

/**
 * The offer as a document: "Offer to Purchase", the parties and every structured term with its
 * label, the special stipulations over as many pages as they need, and the RF707 addendum's pages
 * after them when the offer has one. English only: the legal text stays English (decision 012).
 */

export const OFFER_PDF_TITLE = 'Offer to Purchase'

export type OfferPdfInput = {
  terms: OfferTerms
  /** The property's full address. */
  address: string
  /** When it is made: the date printed on it and the PDF's dates. */
  createdAt: Date
  /** The property's time zone: 'Prepared' and the expiration are written in it, named. Central when not given. */
  timeZone?: string
  /** The RF707 addendum, already rendered, appended after the offer's own pages. */
  addendum?: Uint8Array | null
  /** The version of the terms it is made from (decisions 029, 036): always printed; from 2 on, it replaces the earlier ones. */
  version?: number
}

/** US Letter, in points. */
const PAGE = { width: 612, height: 792 } as const
const MARGIN = 54
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN
const LABEL_WIDTH = 168
const VALUE_X = MARGIN + LABEL_WIDTH
const VALUE_WIDTH = CONTENT_WIDTH - LABEL_WIDTH
const SIZE = 9.5
const LEADING = 12.5
const TOP = PAGE.height - 48
/** Nothing is written below this line but the footer. */
const BOTTOM = 52
const FOOTER_Y = 32
const GREY = rgb(0.35, 0.35, 0.35)

const NOT_STATED = 'Not stated'

const HOLDERS: Readonly<Record<NonNullable<OfferTerms['earnestMoney']['holder']>, string>> = {
  'listing-broker': 'the listing broker',
  'title-company': 'a title company',
  attorney: 'an attorney',
  other: 'another holder',
}
const FINANCING: Readonly<Record<NonNullable<OfferTerms['financing']['type']>, string>> = {
  cash: 'Cash',
  conventional: 'Conventional loan',
  fha: 'FHA loan',
  va: 'VA loan',
  usda: 'USDA loan',
  other: 'Other financing',
}
const POSSESSION: Readonly<Record<OfferTerms['possession']['time'], string>> = {
  'at-closing': 'At closing',
  'before-closing': 'Before closing',
  'after-closing': 'After closing',
}

const usd = (amount: number) => formatUsd(amount, 'en-US')
/** Intl may put a narrow no-break space before AM/PM; the page wants a plain one. */
const plainSpaces = (text: string) => text.replace(/\s/g, ' ')
const longDate = (isoDate: string) => plainSpaces(new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`)))
const yesNo = (value: boolean | null) => (value === null ? NOT_STATED : value ? 'Yes' : 'No')
const lines = (...parts: (string | false | null | undefined)[]) => parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n')
const afterBinding = (days: number) => `${days} ${days === 1 ? 'day' : 'days'} after the Binding Agreement Date`

function party(person: OfferParty): string {
  return [person.fullName, person.email, formatPhone(person.phone)].map((part) => part.trim()).filter(Boolean).join(', ')
}

/** Name, license, firm with its license number, email and phone, one to a line. */
function agent(person: OfferAgent): string {
  const firm = [person.firmName.trim(), person.firmLicenseNumber.trim() && `firm license number ${person.firmLicenseNumber.trim()}`].filter(Boolean).join(', ')
  return lines(person.fullName, person.licenseNumber && `License number ${person.licenseNumber}`, firm, person.email, formatPhone(person.phone)) || NOT_STATED
}

function concession(value: Concession, price: number | null, suffix = ''): string {
  if (value.amount === null || value.amount === 0) return 'None'
  const dollars = usd(concessionDollars(value, price))
  return `${value.unit === 'percent' ? `${dollars} (${value.amount}% of the purchase price)` : dollars}${suffix}`
}

function earnestMoney(terms: OfferTerms): string {
  const { amount, holder, holderName, dueDays } = terms.earnestMoney
  if (amount === null && holder === null && dueDays === null) return NOT_STATED
  const heldBy = holder === null ? null : `held by ${HOLDERS[holder]}${holderName.trim() ? ` (${holderName.trim()})` : ''}`
  return lines(amount === null ? 'Amount not stated' : usd(amount), heldBy, dueDays !== null && `due within ${afterBinding(dueDays)}`).replaceAll('\n', ', ')
}

function financing(terms: OfferTerms): string {
  const { type, otherDescription, loanAmount, downPayment, lenderName, lenderPhone, lenderEmail } = terms.financing
  if (type === null) return NOT_STATED
  const kind = type === 'other' && otherDescription.trim() ? `${FINANCING.other}: ${otherDescription.trim()}` : FINANCING[type]
  const lender = [lenderName, formatPhone(lenderPhone), lenderEmail].map((part) => part.trim()).filter(Boolean).join(', ')
  return lines(
    kind,
    type !== 'cash' && loanAmount !== null && `Loan amount ${usd(loanAmount)}`,
    type !== 'cash' && downPayment !== null && `Down payment ${usd(downPayment)}`,
    lender && `Lender: ${lender}`,
  )
}

function homeWarranty(terms: OfferTerms): string {
  const { included, paidBy, amount } = terms.homeWarranty
  if (!included) return 'Not included'
  return `Included, paid by the ${paidBy}${amount === null ? '' : `, up to ${usd(amount)}`}`
}

/** The escalation clause in words (decision 029). */
function escalation({ increment, cap, proofRequired }: NonNullable<OfferTerms['escalation']>): string {
  const by = increment === null ? NOT_STATED : usd(increment)
  const upTo = cap === null ? NOT_STATED : usd(cap)
  const proof = proofRequired ? " The seller provides a copy of the competing offer as proof." : ''
  return `The price rises to ${by} above any bona fide competing offer, up to ${upTo}.${proof}`
}

const AGREEMENTS: Readonly<Record<NonNullable<OfferTerms['buyerAgreement']['type']>, string>> = {
  exclusive: 'Exclusive buyer representation agreement',
  'non-exclusive': 'Non-exclusive buyer representation agreement',
  touring: 'Touring agreement',
}

/** The written buyer agreement the buyer-broker compensation rests on (the 2024 settlement). */
function buyerAgreement({ type, date }: OfferTerms['buyerAgreement']): string {
  if (type === null) return NOT_STATED
  return `${AGREEMENTS[type]}${date ? `, dated ${longDate(date)}` : ''}`
}

const SOURCES = { stipulations: 'Special stipulation', addendum: 'RF707 clause' } as const

/** A net sheet line in words: its source, and how it is reckoned ('' when the amount says it all). */
export function netLineWords({ key, params }: NetSheetLine): [source: string, how: string] {
  const clause = params.source && params.clause ? `${SOURCES[params.source]} ${params.clause}` : ''
  const ofPrice = `${params.percent ?? 0}% of the price`
  switch (key) {
    case 'basePrice':
      return ['Purchase price', '']
    case 'escalation':
      return ['Escalation clause', '']
    case 'priceReduction':
      return [clause, 'Price reduction']
    case 'closingCostShare':
      return [clause, `${ofPrice}, capped at ${usd(params.cap ?? 0)}`]
    case 'brokerClause':
      return [clause, `Buyer's broker, ${ofPrice} plus ${usd(params.dollars ?? 0)}`]
    case 'concessions':
      return ['Seller concessions', params.percent === undefined ? '' : ofPrice]
    case 'buyerBrokerCompensation':
      return ['Buyer-broker compensation', params.percent === undefined ? '' : ofPrice]
    case 'homeWarranty':
      return ['Home warranty', 'Paid by the seller']
    case 'commission':
      return ['Listing commission', ofPrice]
    case 'closingCosts':
      return ["Seller's closing costs", '']
  }
}

/**
 * What the offer asks of the seller, line by line from the net sheet (every concession, from the
 * terms and the ticked clauses), and the price less them. The seller's own costs are not the
 * buyer side's to know, so they are not printed.
 */
export function offerNetRows(terms: OfferTerms): [label: string, value: string][] {
  if (terms.purchasePrice === null) return []
  const sheet = netSheet(terms, { sellerCommissionPercent: 0, sellerClosingCosts: 0 })
  const rows = sheet.lines
    .filter((line) => line.key !== 'commission' && line.key !== 'closingCosts')
    .map((line): [string, string] => {
      const [source, how] = netLineWords(line)
      const amount = line.amount < 0 ? `-${usd(-line.amount)}` : usd(line.amount)
      return [source, how ? `${how}: ${amount}` : amount]
    })
  return [...rows, ['Price less concessions', usd(sheet.net)]]
}

/** Every term with its label, in the order of a Tennessee purchase and sale agreement. */
export function offerTermRows(terms: OfferTerms, timeZone: string = CENTRAL_TIME): [label: string, value: string][] {
  const possessionDate = terms.possession.date ? `, on ${longDate(terms.possession.date)}` : ''
  return [
    ['Purchase price', terms.purchasePrice === null ? NOT_STATED : usd(terms.purchasePrice)],
    ['Earnest money', earnestMoney(terms)],
    ['Financing', financing(terms)],
    ['Appraisal contingency', yesNo(terms.appraisalContingency)],
    ['Inspection period', terms.inspectionPeriodDays === null ? NOT_STATED : terms.inspectionPeriodDays === 0 ? 'Waived' : afterBinding(terms.inspectionPeriodDays)],
    ["Sale of buyer's property contingency", yesNo(terms.saleOfBuyersPropertyContingency)],
    ['Closing date', terms.closingDate === null ? NOT_STATED : `On or before ${longDate(terms.closingDate)}`],
    ['Possession', `${POSSESSION[terms.possession.time]}${terms.possession.time === 'at-closing' ? '' : possessionDate}`],
    ['Seller concessions', concession(terms.sellerConcessions, terms.purchasePrice)],
    ['Buyer-broker compensation', concession(terms.buyerBrokerCompensation, terms.purchasePrice, ', paid by the seller as a concession')],
    ['Written buyer agreement', buyerAgreement(terms.buyerAgreement)],
    ['Home warranty', homeWarranty(terms)],
    ['Offer expires', terms.expiresAt === null ? NOT_STATED : formatZonedDateTime(new Date(terms.expiresAt), timeZone)],
    ...(terms.escalation ? [['Escalation clause', escalation(terms.escalation)] as [string, string]] : []),
    ...(terms.addendum ? [['Addendum', 'RF707 Additional Contract Language, attached after these pages'] as [string, string]] : []),
  ]
}

export function offerPartyRows(terms: OfferTerms, address: string): [label: string, value: string][] {
  const buyers = terms.buyers.filter((buyer) => party(buyer) !== '')
  return [
    ['Property', address],
    ...(buyers.length === 0
      ? [['Buyer', NOT_STATED] as [string, string]]
      : buyers.map((buyer, index): [string, string] => [buyers.length === 1 ? 'Buyer' : `Buyer ${index + 1}`, party(buyer)])),
    ["Buyer's agent", agent(terms.buyerAgent)],
    ['Listing agent', agent(terms.listingAgent)],
  ]
}

/** The text broken into lines no wider than `width`; a word longer than a line is cut where it must be. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width
  const out: string[] = []
  for (const paragraph of text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n').map(toWinAnsi)) {
    let line = ''
    for (const word of paragraph.split(/(?<= )/)) {
      if (fits(line + word.trimEnd())) {
        line += word
        continue
      }
      if (line.trim() !== '') out.push(line.trimEnd())
      let rest = word
      while (!fits(rest.trimEnd())) {
        let cut = rest.length - 1
        while (cut > 1 && !fits(rest.slice(0, cut))) cut--
        out.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
    }
    out.push(line.trimEnd())
  }
  return out
}

type Fonts = { regular: PDFFont; bold: PDFFont }

/** Writes top to bottom, starting a new page when the next piece does not fit. */
function createWriter(doc: PDFDocument, fonts: Fonts, runningHeader: string) {
  const pages: PDFPage[] = []
  let page!: PDFPage
  let y = TOP

  function newPage() {
    page = doc.addPage([PAGE.width, PAGE.height])
    pages.push(page)
    y = TOP
    if (pages.length > 1) {
      page.drawText(toWinAnsi(runningHeader), { x: MARGIN, y, size: 8, font: fonts.regular, color: GREY })
      page.drawLine({ start: { x: MARGIN, y: y - 6 }, end: { x: PAGE.width - MARGIN, y: y - 6 }, thickness: 0.5, color: GREY })
      y -= 24
    }
  }
  newPage()

  const room = (height: number) => {
    if (y - height < BOTTOM) newPage()
  }

  return {
    pages,
    centred(text: string, { size, bold = false }: { size: number; bold?: boolean }) {
      const font = bold ? fonts.bold : fonts.regular
      for (const line of wrapText(text, font, size, CONTENT_WIDTH)) {
        room(size * 1.35)
        page.drawText(line, { x: MARGIN + (CONTENT_WIDTH - font.widthOfTextAtSize(line, size)) / 2, y: y - size, size, font })
        y -= size * 1.35
      }
    },
    gap(height: number) {
      y -= height
    },
    heading(text: string) {
      room(LEADING * 3)
      y -= 8
      page.drawText(text, { x: MARGIN, y: y - 12, size: 12, font: fonts.bold })
      page.drawLine({ start: { x: MARGIN, y: y - 16 }, end: { x: PAGE.width - MARGIN, y: y - 16 }, thickness: 0.75 })
      y -= 16 + LEADING
    },
    /** A label on the left and its value wrapped on the right, kept on one page. */
    row(label: string, value: string) {
      const labelLines = wrapText(label, fonts.bold, SIZE, LABEL_WIDTH - 12)
      const valueLines = wrapText(value, fonts.regular, SIZE, VALUE_WIDTH)
      const height = Math.max(labelLines.length, valueLines.length) * LEADING
      room(height)
      labelLines.forEach((line, index) => page.drawText(line, { x: MARGIN, y: y - index * LEADING, size: SIZE, font: fonts.bold }))
      valueLines.forEach((line, index) => page.drawText(line, { x: VALUE_X, y: y - index * LEADING, size: SIZE, font: fonts.regular }))
      y -= height + 3
    },
    /** Running text over the full width, line by line over as many pages as it takes. */
    paragraphs(text: string) {
      for (const line of wrapText(text, fonts.regular, SIZE, CONTENT_WIDTH)) {
        room(LEADING)
        page.drawText(line, { x: MARGIN, y, size: SIZE, font: fonts.regular })
        y -= LEADING
      }
    },
  }
}

/** The offer's pages, then the addendum's when there is one. */
export async function renderOfferPdf({ terms, address, createdAt, timeZone = CENTRAL_TIME, addendum = null, version = 1 }: OfferPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const fonts: Fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }
  doc.setTitle(`${OFFER_PDF_TITLE}: ${toWinAnsi(address)}`)
  doc.setSubject(toWinAnsi(address))
  doc.setAuthor(toWinAnsi(terms.buyers.map((buyer) => buyer.fullName.trim()).filter(Boolean).join(', ')) || 'Offerbook')
  doc.setCreator('Offerbook')
  doc.setProducer('Offerbook')
  doc.setCreationDate(createdAt)
  doc.setModificationDate(createdAt)

  const writer = createWriter(doc, fonts, `${OFFER_PDF_TITLE} - ${address}`)
  writer.centred(OFFER_PDF_TITLE, { size: 20, bold: true })
  writer.gap(4)
  writer.centred(address, { size: 12, bold: true })
  writer.centred(`Prepared ${formatZonedDateTime(createdAt, timeZone)}`, { size: 9 })
  writer.centred(version > 1 ? `Version ${version}: the terms as sent, which replace every earlier version` : 'Version 1: the offer as shared', { size: 9 })
  writer.gap(6)

  writer.heading('Parties')
  for (const [label, value] of offerPartyRows(terms, address)) writer.row(label, value)
  writer.heading('Terms')
  for (const [label, value] of offerTermRows(terms, timeZone)) writer.row(label, value)
  const net = offerNetRows(terms)
  if (net.length > 0) {
    writer.heading('Concessions asked of the seller')
    for (const [label, value] of net) writer.row(label, value)
  }
  writer.heading('Special stipulations')
  const stipulations = offerStipulationsText(terms)
  writer.paragraphs(stipulations === '' ? 'None.' : stipulations)

  const total = writer.pages.length
  writer.pages.forEach((page, index) => {
    page.drawLine({ start: { x: MARGIN, y: FOOTER_Y + 12 }, end: { x: PAGE.width - MARGIN, y: FOOTER_Y + 12 }, thickness: 0.5, color: GREY })
    page.drawText(OFFER_PDF_TITLE, { x: MARGIN, y: FOOTER_Y, size: 8, font: fonts.regular, color: GREY })
    const number = `Page ${index + 1} of ${total}`
    page.drawText(number, { x: PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(number, 8), y: FOOTER_Y, size: 8, font: fonts.regular, color: GREY })
  })

  if (addendum) {
    const source = await PDFDocument.load(addendum)
    for (const copied of await doc.copyPages(source, source.getPageIndices())) doc.addPage(copied)
  }
  return doc.save()
}
