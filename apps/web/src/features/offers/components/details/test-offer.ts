import type { OfferSummary, OfferTermsInput, OfferView } from '@offerbook/domain/offer'
import { OfferTermsSchema } from '@offerbook/domain/offer'

/** An offer as the API answers it, for component tests; `terms` and the rest override the defaults. */
export function testOffer({ terms = {}, ...rest }: Partial<Omit<OfferView, 'terms'>> & { terms?: OfferTermsInput } = {}): OfferView {
  return {
    id: 'offer-1',
    status: 'active',
    terms: OfferTermsSchema.parse({
      purchasePrice: 450_000,
      earnestMoney: { amount: 5_000, holder: 'title-company', holderName: 'Volunteer Title', dueDays: 3 },
      financing: { type: 'conventional', loanAmount: 360_000, downPayment: 90_000, lenderName: 'First Bank', lenderPhone: '', lenderEmail: 'loans@firstbank.example' },
      appraisalContingency: true,
      inspectionPeriodDays: 10,
      resolutionPeriodDays: 3,
      saleOfBuyersPropertyContingency: false,
      closingDate: '2031-06-30',
      possession: { time: 'at-closing' },
      sellerConcessions: { unit: 'percent', amount: 3 },
      buyerBrokerCompensation: { unit: 'dollars', amount: 9_000 },
      homeWarranty: { included: true, paidBy: 'seller', amount: 550 },
      expiresAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      buyers: [{ fullName: 'Ben Buyer', email: 'buyer-simple@example.com', phone: '' }],
      buyerAgent: { fullName: 'Alex Agent', email: 'buyer-agent@example.com' },
      listingAgent: { fullName: 'Lena Listing', email: 'seller-agent@example.com', firmName: 'Maple Realty', firmLicenseNumber: 'TN-263001' },
      stipulations: 'Seller leaves the washer.\nSeller repairs the fence.',
      ...terms,
    }),
    property: { id: 'listing-1', address: '120 Maple Ave, Franklin, TN 37064', city: 'Franklin', listPrice: 460_000, primaryPhotoURL: null, standardStatus: 'Active' },
    attachments: [],
    events: [],
    viewer: 'buyer',
    actions: ['withdraw'],
    shareProblems: [],
    stipulationClauses: '',
    createdAt: '2030-01-02T15:00:00.000Z',
    updatedAt: '2030-01-02T15:00:00.000Z',
    sharedAt: '2030-01-02T16:00:00.000Z',
    decidedAt: null,
    declineReason: null,
    bindingAgreementAt: null,
    signedAt: null,
    deadlines: null,
    shareUrl: null,
    negotiation: { version: 1, turn: null, versions: [], bestRequest: null, preApprovalVerifiedAt: null },
    workingTerms: null,
    closing: null,
    ...rest,
  }
}

/** An offer's first two versions, both on `terms`: the buyer's offer, then the seller's counter. */
export function testOfferAndCounter(terms: OfferView['terms']): OfferView['negotiation']['versions'] {
  return [1, 2].map((number) => ({
    number,
    kind: number === 1 ? ('offer' as const) : ('counter' as const),
    side: number === 1 ? ('buyer' as const) : ('seller' as const),
    actorName: number === 1 ? 'Ben Buyer' : 'Lena Listing',
    message: '',
    terms,
    changed: [],
    expiresAt: terms.expiresAt,
    createdAt: '2030-01-03T15:00:00.000Z',
  }))
}

export function testOfferSummary(rest: Partial<OfferSummary> = {}): OfferSummary {
  return {
    id: 'offer-1',
    status: 'active',
    purchasePrice: 450_000,
    expiresAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    property: { id: 'listing-1', address: '120 Maple Ave, Franklin, TN 37064', city: 'Franklin', listPrice: 460_000, primaryPhotoURL: null, standardStatus: 'Active' },
    buyerNames: ['Ben Buyer'],
    financingType: 'conventional',
    actions: ['withdraw'],
    updatedAt: '2030-01-02T15:00:00.000Z',
    sharedAt: '2030-01-02T16:00:00.000Z',
    bindingAgreementAt: null,
    signedAt: null,
    ...rest,
  }
}
