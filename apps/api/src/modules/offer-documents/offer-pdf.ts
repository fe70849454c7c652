import type { PDFFont } from '@cantoo/pdf-lib'
import type { OfferTerms } from '@offerbook/domain/offer'
import type { AgreementProperty } from '@offerbook/domain/contracts/purchase-agreement'
import { layoutPurchaseAgreement } from '@offerbook/domain/contracts/purchase-agreement'
import { CENTRAL_TIME, formatZonedDateTime } from '@offerbook/domain/property-time'
import type { AgreementAddendum } from '../contracts/agreement-pdf'
import { renderAgreementPdf } from '../contracts/agreement-pdf'
import { toWinAnsi } from '../contracts/lined-pdf'

/**
 * The offer as a document: the purchase and sale agreement its terms make, on the form the offer
 * was made on (contracts/purchase-agreement-form.ts), followed by the RF707 addendum's pages when
 * the offer has one. English only: the legal text stays English (decision 012).
 */

export type OfferPdfInput = {
  terms: OfferTerms
  /** The property as its listing identifies it: address, county, parcel number, deed reference and legal description. */
  property: AgreementProperty
  /** When it is made: 'Prepared' on page 1 and the PDF's dates. */
  createdAt: Date
  /** The property's time zone: 'Prepared', the expiration and the Binding Agreement Date are written in it. Central when not given. */
  timeZone?: string
  /** When notice of acceptance was received; the Binding Agreement Date block is left to fill without it. */
  bindingAgreementAt?: string | null
  /** The RF707 addendum, laid out, printed after the agreement's pages. */
  addendum?: AgreementAddendum | null
  /** The version of the terms it is made from (decisions 029, 036). */
  version?: number
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

/** The agreement's pages, then the addendum's when there is one. */
export async function renderOfferPdf({ terms, property, createdAt, timeZone = CENTRAL_TIME, bindingAgreementAt = null, addendum = null, version = 1 }: OfferPdfInput): Promise<Uint8Array> {
  const layout = layoutPurchaseAgreement({ terms, property, timeZone, bindingAgreementAt, version })
  const author = terms.buyers.map((buyer) => buyer.fullName.trim()).filter(Boolean).join(', ')
  return renderAgreementPdf(layout, { address: property.address, createdAt, prepared: formatZonedDateTime(createdAt, timeZone), version, author }, addendum)
}
