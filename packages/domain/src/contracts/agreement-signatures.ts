import type { OfferAgent } from '../offer-terms'
import { formatPhone } from '../phone'
import type { WallTime } from '../property-time'
import { formatZonedDateTime, formatZonedDay, wallTimeInZone, zoneAbbreviation } from '../property-time'
import type { SignPlace } from './lined-text'
import { heading, signHere, text } from './lined-text'
import type { AgreementBlock, AgreementSection } from './agreement-pieces'
import { BLANK, block, buyerNames, para, sellerNames, v, zoneOf } from './agreement-pieces'

/** The agreement's last sections: the offer's time limit, the Binding Agreement Date, the signatures. */

export const offerExpiry: AgreementSection = {
  key: 'offerExpiry',
  title: 'TIME LIMIT OF OFFER',
  blocks: (input) => [
    block(
      para(
        text('This offer lapses unless it is accepted, and notice of the acceptance received, by '),
        v(input.terms.expiresAt === null ? '' : formatZonedDateTime(new Date(input.terms.expiresAt), zoneOf(input)), BLANK.long),
        text('. Until then it may be withdrawn by notice before its acceptance is received.'),
      ),
    ),
  ],
}

/** '9:05 PM': a wall clock's reading. */
function clockTime({ hour, minute }: WallTime): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`
}

/** 'December 1, 2026 at 9:05 PM CST': when notice of acceptance was received, in the property's zone. */
export function bindingDateText(at: Date, zone: string): string {
  return `${formatZonedDay(at, zone)} at ${clockTime(wallTimeInZone(at, zone))} ${zoneAbbreviation(at, zone)}`
}

export const bindingDate: AgreementSection = {
  key: 'bindingDate',
  title: 'BINDING AGREEMENT DATE',
  blocks: (input) => {
    const at = input.bindingAgreementAt ? new Date(input.bindingAgreementAt) : null
    return [
      block(
        para(
          text(
            'This Agreement binds Buyer and Seller when the party who made the last offer or counter-offer receives notice of its acceptance. The date and time of that notice, the Binding Agreement Date, start every period counted in days. It is recorded here; recording it does not make the agreement: the signatures and the notice do.',
          ),
        ),
        // Not known yet: a place the signing packet fills at sealing once the notice is recorded.
        para(
          text('Binding Agreement Date: '),
          at ? { text: bindingDateText(at, zoneOf(input)), kind: 'value' } : signHere(40, { role: 'record', index: 0, field: 'binding-agreement-date', rise: 0 }),
        ),
      ),
    ]
  },
}

function licensee(role: string, agent: OfferAgent): AgreementBlock {
  return {
    keepTogether: true,
    paragraphs: [
      para(),
      para(heading(role)),
      para(text('Licensee: '), v(agent.fullName, BLANK.medium), text('; license no. '), v(agent.licenseNumber, BLANK.short)),
      para(text('Firm: '), v(agent.firmName, BLANK.medium), text('; firm license no. '), v(agent.firmLicenseNumber, BLANK.short)),
      para(text('Phone: '), v(formatPhone(agent.phone), BLANK.short), text('; email: '), v(agent.email, BLANK.medium)),
    ],
  }
}

/**
 * A signer's block: two empty lines and the line to sign on (the signature field takes them), the
 * date beside it, the name printed under it (or a place for it). Kept on one page.
 */
function signer(role: 'buyer' | 'seller', index: number, name: string): AgreementBlock {
  const at = (field: 'signature' | 'date-signed' | 'full-name', rise = 0): SignPlace => ({ role, index, field, rise })
  return {
    keepTogether: true,
    paragraphs: [
      para(),
      para(),
      para(text(`${role === 'buyer' ? 'Buyer' : 'Seller'} signature: `), signHere(40, at('signature', 2)), text(' Date '), signHere(12, at('date-signed'))),
      para(text('Printed name: '), name.trim() === '' ? signHere(40, at('full-name')) : { text: name.trim(), kind: 'value' }),
    ],
  }
}

export const signatures: AgreementSection = {
  key: 'signatures',
  title: 'SIGNATURES',
  blocks: (input) => {
    const buyers = buyerNames(input)
    const sellers = sellerNames(input)
    return [
      block(para(text('By signing, each party agrees to this Agreement and confirms receiving a copy of it.'))),
      ...(buyers.length > 0 ? buyers : ['', '']).map((name, index) => signer('buyer', index, name)),
      ...(sellers.length > 0 ? sellers : ['', '']).map((name, index) => signer('seller', index, name)),
      licensee("Buyer's licensee", input.terms.buyerAgent),
      licensee("Seller's licensee", input.terms.listingAgent),
    ]
  },
}

