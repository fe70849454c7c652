import type { OfferTermsInput } from '../offer-terms'

/** An offer with every term filled, for the agreement's layout and PDF tests. */
export const AGREEMENT_ADDRESS = '1200 Magnolia Drive, Nashville, TN 37212'

/** The property with every part of its identification, as its listing gives them. */
export const AGREEMENT_PROPERTY = {
  address: AGREEMENT_ADDRESS,
  county: 'Davidson',
  parcelNumber: '093 13 0 123.00',
  deedReference: "Instrument No. 20190412-0034567, Register's Office of Davidson County",
  legalDescription:
    "Lot 12, Section 3, Magnolia Hills subdivision, as recorded in Plat Book 7900, Page 105, Register's Office of Davidson County, Tennessee, to which plat reference is made for a more particular description.",
} as const

export const SAMPLE_AGREEMENT_TERMS: OfferTermsInput = {
  purchasePrice: 400_000,
  earnestMoney: { amount: 5_000, holder: 'title-company', holderName: 'Acme Title', holderAddress: '400 Church St, Nashville', dueDays: 3 },
  financing: { type: 'conventional', loanAmount: 320_000, downPayment: 80_000, lenderName: 'First Bank', lenderPhone: '(615) 555-0150', lenderEmail: 'loans@firstbank.example' },
  appraisalContingency: true,
  inspectionPeriodDays: 10,
  resolutionPeriodDays: 3,
  saleOfBuyersPropertyContingency: false,
  closingDate: '2025-06-30',
  possession: { time: 'after-closing', date: '2025-07-02' },
  sellerConcessions: { unit: 'percent', amount: 3 },
  buyerBrokerCompensation: { unit: 'dollars', amount: 8_400 },
  buyerAgreement: { type: 'exclusive', date: '2025-04-02' },
  homeWarranty: { included: true, paidBy: 'seller', amount: 600 },
  expiresAt: '2025-05-12T17:00:00-05:00',
  buyers: [
    { fullName: 'Ben Buyer', email: 'ben@example.com', phone: '(615) 555-0101' },
    { fullName: 'Bea Buyer', email: 'bea@example.com' },
  ],
  buyerAgent: { fullName: 'Alex Agent', email: 'alex@example.com', phone: '(615) 555-0102', firmName: 'Buyer Realty', firmLicenseNumber: '262000', licenseNumber: '340000' },
  listingAgent: { fullName: 'Lena Listing', email: 'lena@example.com', phone: '(615) 555-0103', firmName: 'Listing Realty', firmLicenseNumber: '261234', licenseNumber: '339911' },
  stipulations: 'Seller leaves the washer and dryer.\nBuyer may walk through the property 24 hours before closing.',
  stipulationChoices: { ACheckbox: true, Atext1: '3', Atext2: '10,000' },
}
