import { describe, expect, it } from 'vitest'
import type { OfferWeights } from './listing'
import { DEFAULT_OFFER_WEIGHTS, OFFER_WEIGHT_CRITERIA } from './listing'
import type { OfferTermsInput } from './offer'
import { OfferTermsSchema } from './offer'
import type { RankedOffer, ScorableOffer, SellerCosts } from './offer-scoring'
import { contingencyCount, downPaymentShare, netToSeller, scoreOffers } from './offer-scoring'

function offer(id: string, terms: OfferTermsInput, { hasPreApproval = false, sharedAt = '2025-05-01T12:00:00.000Z' }: { hasPreApproval?: boolean; sharedAt?: string | null } = {}): ScorableOffer {
  return { id, terms: OfferTermsSchema.parse(terms), hasPreApproval, sharedAt }
}

const COSTS: SellerCosts = { sellerCommissionPercent: 6, sellerClosingCosts: 2_000, wantedClosingDate: null }
const NO_WEIGHTS = Object.fromEntries(OFFER_WEIGHT_CRITERIA.map((criterion) => [criterion, 0])) as OfferWeights
const only = (weights: Partial<OfferWeights>) => ({ ...COSTS, weights: { ...NO_WEIGHTS, ...weights } })

/** A clean cash offer. */
const CASH = offer('cash', {
  purchasePrice: 400_000,
  earnestMoney: { amount: 5_000 },
  financing: { type: 'cash' },
  appraisalContingency: false,
  inspectionPeriodDays: 10,
  saleOfBuyersPropertyContingency: false,
  closingDate: '2025-06-30',
})

/** A higher FHA offer that asks for a lot back: 3% concessions, $8,400 of buyer-broker compensation, a $600 warranty. */
const FHA = offer(
  'fha',
  {
    purchasePrice: 420_000,
    earnestMoney: { amount: 10_000 },
    financing: { type: 'fha', loanAmount: 405_300 },
    appraisalContingency: true,
    inspectionPeriodDays: 10,
    saleOfBuyersPropertyContingency: false,
    closingDate: '2025-06-30',
    sellerConcessions: { unit: 'percent', amount: 3 },
    buyerBrokerCompensation: { unit: 'dollars', amount: 8_400 },
    homeWarranty: { included: true, paidBy: 'seller', amount: 600 },
  },
  { hasPreApproval: true },
)

const ids = (ranked: RankedOffer[]) => ranked.map((entry) => entry.id)
const pointsOf = (entry: RankedOffer | undefined, criterion: string) => entry?.criteria.find((item) => item.criterion === criterion)?.points

describe('netToSeller', () => {
  it('takes the price, less concessions in percent and dollars, buyer-broker compensation, commission, closing costs and a seller-paid warranty', () => {
    // 420,000 - 12,600 (3%) - 8,400 - 25,200 (6%) - 2,000 - 600 = 371,200
    expect(netToSeller(FHA.terms, COSTS)).toEqual({ net: 371_200, costs: { concessions: 21_000, commission: 25_200, closingCosts: 2_000, homeWarranty: 600 } })
    // 400,000 - 24,000 - 2,000 = 374,000: the lower clean offer nets more.
    expect(netToSeller(CASH.terms, COSTS)).toEqual({ net: 374_000, costs: { concessions: 0, commission: 24_000, closingCosts: 2_000, homeWarranty: 0 } })
  })

  it('counts buyer-broker compensation given as a percent of the price', () => {
    const terms = offer('x', { purchasePrice: 300_000, buyerBrokerCompensation: { unit: 'percent', amount: 2.5 } }).terms
    // 300,000 - 7,500 - 0 commission - 0 costs
    expect(netToSeller(terms, { sellerCommissionPercent: 0, sellerClosingCosts: 0, wantedClosingDate: null }).net).toBe(292_500)
  })

  it('leaves out a warranty the buyer pays or that is not included, and rounds the commission to the dollar', () => {
    const buyerPays = offer('x', { purchasePrice: 250_001, homeWarranty: { included: true, paidBy: 'buyer', amount: 700 } }).terms
    const notIncluded = offer('x', { purchasePrice: 250_001, homeWarranty: { included: false, paidBy: 'seller', amount: 700 } }).terms
    // 2.5% of 250,001 is 6,250.025
    const costs = { sellerCommissionPercent: 2.5, sellerClosingCosts: 1_000, wantedClosingDate: null }
    expect(netToSeller(buyerPays, costs)).toEqual({ net: 242_751, costs: { concessions: 0, commission: 6_250, closingCosts: 1_000, homeWarranty: 0 } })
    expect(netToSeller(notIncluded, costs).net).toBe(242_751)
  })

  it('is minus the costs when no price is entered yet', () => {
    expect(netToSeller(offer('x', {}).terms, COSTS).net).toBe(-2_000)
  })
})

describe('the criteria with fixed scales', () => {
  it('counts the contingencies: a loan, the appraisal, an inspection period, the sale of the buyer’s home', () => {
    expect(contingencyCount(CASH.terms)).toBe(1)
    expect(contingencyCount(FHA.terms)).toBe(3)
    expect(contingencyCount(offer('x', { financing: { type: 'cash' }, inspectionPeriodDays: 0 }).terms)).toBe(0)
    expect(contingencyCount(offer('x', { financing: { type: 'va' }, appraisalContingency: true, inspectionPeriodDays: 7, saleOfBuyersPropertyContingency: true }).terms)).toBe(4)
  })

  it('takes the down payment as a share of the price: all of it for cash, else the down payment, or the price less the loan', () => {
    expect(downPaymentShare(CASH.terms)).toBe(1)
    expect(downPaymentShare(FHA.terms)).toBeCloseTo(0.035, 10)
    expect(downPaymentShare(offer('x', { purchasePrice: 400_000, financing: { type: 'conventional', downPayment: 80_000, loanAmount: 1 } }).terms)).toBe(0.2)
    expect(downPaymentShare(offer('x', { purchasePrice: 400_000, financing: { type: 'conventional' } }).terms)).toBe(0)
    expect(downPaymentShare(offer('x', { financing: { type: 'cash' } }).terms)).toBe(0)
    expect(downPaymentShare(offer('x', { purchasePrice: 400_000 }).terms)).toBe(0)
  })
})

describe('scoreOffers', () => {
  it('ranks nothing when there is nothing', () => {
    expect(scoreOffers([], { ...COSTS, weights: DEFAULT_OFFER_WEIGHTS })).toEqual([])
  })

  it('ranks a single offer first with full marks on the money criteria and no one to be ahead of', () => {
    const [only_] = scoreOffers([FHA], { ...COSTS, weights: DEFAULT_OFFER_WEIGHTS })
    expect(only_).toMatchObject({ id: 'fha', rank: 1, aheadOfNext: [], leadOverNext: null, netToSeller: 371_200 })
    for (const criterion of ['netToSeller', 'earnestMoney', 'concessions']) expect(only_?.criteria.find((item) => item.criterion === criterion)?.value).toBe(1)
  })

  it('puts the lower cash offer above the higher FHA offer when net to seller is all that counts', () => {
    const ranked = scoreOffers([FHA, CASH], only({ netToSeller: 10 }))
    expect(ids(ranked)).toEqual(['cash', 'fha'])
    expect(ranked.map((entry) => entry.score)).toEqual([100, 0])
    expect(ranked[0]?.aheadOfNext).toEqual([{ criterion: 'netToSeller', points: 100 }])
    expect(ranked[0]?.leadOverNext).toBe(100)
    expect(ranked.map((entry) => entry.rank)).toEqual([1, 2])
  })

  it('puts the FHA offer first when the seller weights earnest money over net', () => {
    // FHA: earnest 1 x 10 = 10 of 12; cash: net 1 x 2 = 2 of 12.
    const ranked = scoreOffers([CASH, FHA], only({ netToSeller: 2, earnestMoney: 10 }))
    expect(ids(ranked)).toEqual(['fha', 'cash'])
    expect(ranked.map((entry) => entry.score)).toEqual([83.33, 16.67])
    expect(ranked[0]?.aheadOfNext).toEqual([{ criterion: 'earnestMoney', points: 83.33 }])
    expect(ranked[0]?.leadOverNext).toBe(66.67)
  })

  it('pins the order and every part of the score with the default weights', () => {
    // Weights total 51. Cash: net 10 + earnest 0 + financing 7 + down 4 + contingencies 0.75x6 + inspection (2/3)x3
    //   + closing 5 + concessions 5 + pre-approval 6 = 43.5 -> 85.29.
    // FHA: 0 + 5 + 0.5x7 + 0.035x4 + 0.25x6 + (2/3)x3 + 5 + 0 + 6 = 23.14 -> 45.37.
    const ranked = scoreOffers([FHA, CASH], { ...COSTS, weights: DEFAULT_OFFER_WEIGHTS })
    expect(ids(ranked)).toEqual(['cash', 'fha'])
    expect(ranked.map((entry) => entry.score)).toEqual([85.29, 45.37])
    expect(ranked[0]?.leadOverNext).toBe(39.92)
    // The three criteria where cash gains most over FHA: net (10/51), concessions (5/51), down payment (3.86/51).
    expect(ranked[0]?.aheadOfNext).toEqual([
      { criterion: 'netToSeller', points: 19.61 },
      { criterion: 'concessions', points: 9.8 },
      { criterion: 'downPayment', points: 7.57 },
    ])
    const fha = ranked[1]
    expect(fha?.netToSeller).toBe(371_200)
    expect(fha?.costs).toEqual({ concessions: 21_000, commission: 25_200, closingCosts: 2_000, homeWarranty: 600 })
    expect(fha?.criteria.map((item) => item.criterion)).toEqual([...OFFER_WEIGHT_CRITERIA])
    expect(fha?.criteria.find((item) => item.criterion === 'netToSeller')).toEqual({ criterion: 'netToSeller', measure: 371_200, value: 0, weight: 10, points: 0 })
    expect(fha?.criteria.find((item) => item.criterion === 'financingCertainty')).toEqual({ criterion: 'financingCertainty', measure: 0.5, value: 0.5, weight: 7, points: 6.86 })
    expect(fha?.criteria.find((item) => item.criterion === 'contingencies')).toMatchObject({ measure: 3, value: 0.25, points: 2.94 })
    expect(fha?.criteria.find((item) => item.criterion === 'concessions')).toMatchObject({ measure: 21_000, value: 0 })
    // The parts add up to the score.
    for (const entry of ranked) expect(entry.criteria.reduce((sum, item) => sum + item.points, 0)).toBeCloseTo(entry.score, 1)
  })

  it('ranks financing certainty cash above conventional above FHA, VA and USDA above other', () => {
    const types = ['other', 'usda', 'fha', 'conventional', 'cash'] as const
    const offers = types.map((type, index) => offer(type, { purchasePrice: 300_000, financing: { type, loanAmount: type === 'cash' ? null : 240_000 } }, { sharedAt: `2025-05-0${index + 1}T00:00:00.000Z` }))
    const ranked = scoreOffers(offers, only({ financingCertainty: 5 }))
    // FHA and USDA tie on score and net: USDA, shared a day earlier, goes first.
    expect(ids(ranked)).toEqual(['cash', 'conventional', 'usda', 'fha', 'other'])
    expect(ranked.map((entry) => entry.score)).toEqual([100, 75, 50, 50, 25])
    expect(ranked[2]?.leadOverNext).toBe(0)
    expect(ranked[2]?.aheadOfNext).toEqual([])
  })

  it('places money criteria between the best (1) and the worst (0) of the offers at hand', () => {
    const offers = [300_000, 320_000, 310_000].map((price) => offer(String(price), { purchasePrice: price }))
    const ranked = scoreOffers(offers, only({ netToSeller: 4 }))
    expect(ids(ranked)).toEqual(['320000', '310000', '300000'])
    expect(ranked.map((entry) => entry.criteria[0]?.value)).toEqual([1, 0.5, 0])
    expect(ranked.map((entry) => entry.score)).toEqual([100, 50, 0])
  })

  it('breaks a tie in score by net to seller, then by who shared first, then by id', () => {
    const weights = only({ financingCertainty: 5 })
    const lowNet = offer('low', { purchasePrice: 300_000, financing: { type: 'cash' } }, { sharedAt: '2025-05-01T00:00:00.000Z' })
    const highNet = offer('high', { purchasePrice: 310_000, financing: { type: 'cash' } }, { sharedAt: '2025-05-02T00:00:00.000Z' })
    expect(ids(scoreOffers([lowNet, highNet], weights))).toEqual(['high', 'low'])

    const late = offer('late', { purchasePrice: 300_000, financing: { type: 'cash' } }, { sharedAt: '2025-05-02T09:00:00.000Z' })
    const early = offer('early', { purchasePrice: 300_000, financing: { type: 'cash' } }, { sharedAt: '2025-05-02T08:59:59.000Z' })
    const never = offer('never', { purchasePrice: 300_000, financing: { type: 'cash' } }, { sharedAt: null })
    expect(ids(scoreOffers([never, late, early], weights))).toEqual(['early', 'late', 'never'])

    const b = offer('b', { purchasePrice: 300_000 }, { sharedAt: '2025-05-01T00:00:00.000Z' })
    const a = offer('a', { purchasePrice: 300_000 }, { sharedAt: '2025-05-01T00:00:00.000Z' })
    expect(ids(scoreOffers([b, a], weights))).toEqual(['a', 'b'])
  })

  it('scores everything 0 when every weight is 0, and still orders by net to seller', () => {
    const ranked = scoreOffers([FHA, CASH], only({}))
    expect(ids(ranked)).toEqual(['cash', 'fha'])
    for (const entry of ranked) {
      expect(entry.score).toBe(0)
      expect(entry.criteria.every((item) => item.points === 0 && Number.isFinite(item.value))).toBe(true)
    }
    expect(ranked[0]?.aheadOfNext).toEqual([])
    expect(ranked[0]?.leadOverNext).toBe(0)
  })

  it('fits the closing date to the seller’s wanted date: 1 on the day, 0 at 60 days or more, 0 with no date', () => {
    const wanted = { ...COSTS, wantedClosingDate: '2025-07-01', weights: { ...NO_WEIGHTS, closingDateFit: 6 } }
    const onDay = offer('on-day', { closingDate: '2025-07-01' })
    const monthLate = offer('month-late', { closingDate: '2025-07-31' })
    const monthEarly = offer('month-early', { closingDate: '2025-06-01' })
    const farOff = offer('far-off', { closingDate: '2025-09-29' })
    const none = offer('none', {})
    const ranked = scoreOffers([none, farOff, monthLate, monthEarly, onDay], wanted)
    expect(ranked.map((entry) => [entry.id, entry.score])).toEqual([
      ['on-day', 100],
      ['month-early', 50],
      ['month-late', 50],
      ['far-off', 0],
      ['none', 0],
    ])
    expect(ranked.find((entry) => entry.id === 'month-early')?.criteria.find((item) => item.criterion === 'closingDateFit')?.measure).toBe(30)
    // Without a wanted date any closing date fits.
    expect(scoreOffers([farOff], only({ closingDateFit: 6 }))[0]?.score).toBe(100)
  })

  it('prefers a short inspection period, none best, and counts a blank one as the longest', () => {
    const ranked = scoreOffers(
      [offer('blank', {}), offer('thirty', { inspectionPeriodDays: 30 }), offer('waived', { inspectionPeriodDays: 0 }), offer('ten', { inspectionPeriodDays: 10 })],
      only({ inspectionPeriod: 3 }),
    )
    expect(ranked.map((entry) => [entry.id, entry.score])).toEqual([
      ['waived', 100],
      ['ten', 66.67],
      ['blank', 0],
      ['thirty', 0],
    ])
  })

  it('gives the pre-approval mark for a letter on file, or to cash, which needs none', () => {
    const letter = offer('letter', { financing: { type: 'conventional' } }, { hasPreApproval: true })
    const cash = offer('cash', { financing: { type: 'cash' } })
    const noLetter = offer('no-letter', { financing: { type: 'conventional' } })
    const ranked = scoreOffers([noLetter, letter, cash], only({ preApproval: 6 }))
    expect(ranked.find((entry) => entry.id === 'letter')?.score).toBe(100)
    expect(ranked.find((entry) => entry.id === 'cash')?.score).toBe(100)
    expect(ranked.at(-1)?.id).toBe('no-letter')
  })

  it('says why each offer sits above the next: its gains only, largest first, three at most', () => {
    const strong = offer('strong', { purchasePrice: 400_000, earnestMoney: { amount: 20_000 }, financing: { type: 'cash' }, inspectionPeriodDays: 0, closingDate: '2025-06-30' })
    const middle = offer('middle', { purchasePrice: 380_000, earnestMoney: { amount: 10_000 }, financing: { type: 'conventional', downPayment: 76_000 }, inspectionPeriodDays: 10, closingDate: '2025-06-30' })
    const weak = offer('weak', { purchasePrice: 390_000, earnestMoney: { amount: 1_000 }, financing: { type: 'fha', loanAmount: 376_350 }, inspectionPeriodDays: 15, closingDate: '2025-06-30' })
    const ranked = scoreOffers([weak, middle, strong], { ...COSTS, weights: DEFAULT_OFFER_WEIGHTS })
    expect(ids(ranked)).toEqual(['strong', 'middle', 'weak'])
    for (const [index, entry] of ranked.entries()) {
      const next = ranked[index + 1]
      if (!next) {
        expect(entry.aheadOfNext).toEqual([])
        continue
      }
      expect(entry.aheadOfNext.length).toBeLessThanOrEqual(3)
      const gains = OFFER_WEIGHT_CRITERIA.map((criterion) => ({ criterion, points: (pointsOf(entry, criterion) ?? 0) - (pointsOf(next, criterion) ?? 0) }))
        .filter((gain) => gain.points > 0.005)
        .sort((a, b) => b.points - a.points)
        .slice(0, 3)
      expect(entry.aheadOfNext.map((gain) => gain.criterion)).toEqual(gains.map((gain) => gain.criterion))
    }
    // Middle nets 380,000 - 22,800 - 2,000 = 355,200 and weak 390,000 - 23,400 - 2,000 = 364,600, yet middle
    // ranks above: it wins on earnest money, down payment and financing, and net is not among its gains.
    expect(ranked[1]?.aheadOfNext.map((gain) => gain.criterion)).not.toContain('netToSeller')
    expect(ranked[1]?.aheadOfNext.map((gain) => gain.criterion)).toContain('earnestMoney')
  })

  it('ranks 1,000 offers quickly enough for the optimize page', () => {
    const offers = Array.from({ length: 1_000 }, (_, index) =>
      offer(`o${index}`, { purchasePrice: 300_000 + index * 97, earnestMoney: { amount: 1_000 + (index % 17) * 500 }, financing: { type: index % 3 === 0 ? 'cash' : 'fha', loanAmount: 250_000 } }),
    )
    const ranked = scoreOffers(offers, { ...COSTS, weights: DEFAULT_OFFER_WEIGHTS })
    expect(ranked).toHaveLength(1_000)
    expect(new Set(ranked.map((entry) => entry.id)).size).toBe(1_000)
    expect(ranked.map((entry) => entry.rank)).toEqual(Array.from({ length: 1_000 }, (_, index) => index + 1))
    for (let index = 1; index < ranked.length; index++) expect((ranked[index - 1]?.score ?? 0) >= (ranked[index]?.score ?? 0)).toBe(true)
  })
})

describe('the escalation clause criterion (decision 029)', () => {
  const clause = (cap: number, proofRequired = false) => ({ increment: 2_000, cap, proofRequired })

  it('gives nothing to an offer without a clause, and follows how far the clause may raise the price', () => {
    const none = offer('none', { purchasePrice: 400_000 })
    const small = offer('small', { purchasePrice: 400_000, escalation: clause(410_000) })
    const full = offer('full', { purchasePrice: 400_000, escalation: clause(420_000) })
    const beyond = offer('beyond', { purchasePrice: 400_000, escalation: clause(450_000) })
    const ranked = scoreOffers([none, small, full, beyond], only({ escalation: 10 }))
    const valueOf = (id: string) => ranked.find((entry) => entry.id === id)?.criteria.find((item) => item.criterion === 'escalation')
    // 10,000 of room over 5% of 400,000 (20,000) is half; 20,000 or more is all of it.
    expect(valueOf('none')).toMatchObject({ measure: null, value: 0, points: 0 })
    expect(valueOf('small')).toMatchObject({ measure: 10_000, value: 0.5, points: 50 })
    expect(valueOf('full')).toMatchObject({ measure: 20_000, value: 1, points: 100 })
    expect(valueOf('beyond')).toMatchObject({ measure: 50_000, value: 1 })
    expect(ids(ranked).at(-1)).toBe('none')
  })

  it("counts a clause that asks for the competing offer's proof a quarter less, and an incomplete clause not at all", () => {
    const proof = offer('proof', { purchasePrice: 400_000, escalation: clause(420_000, true) })
    const noCap = offer('nocap', { purchasePrice: 400_000, escalation: { increment: 1_000, cap: null } })
    const ranked = scoreOffers([proof, noCap], only({ escalation: 4 }))
    expect(ranked.map((entry) => [entry.id, entry.score])).toEqual([
      ['proof', 75],
      ['nocap', 0],
    ])
  })

  it('moves an offer with a clause ahead of an equal one when the seller weights it, and changes nothing when the weight is 0', () => {
    // The plain offer does not compete (not open), so the clause has nothing to escalate over: the prices stay equal.
    const plain = { ...offer('plain', { purchasePrice: 400_000, financing: { type: 'cash' } }, { sharedAt: '2025-05-01T12:00:00.000Z' }), competing: false }
    const escalating = offer('escalating', { purchasePrice: 400_000, financing: { type: 'cash' }, escalation: clause(430_000) }, { sharedAt: '2025-05-02T12:00:00.000Z' })
    expect(ids(scoreOffers([plain, escalating], { ...COSTS, weights: { ...DEFAULT_OFFER_WEIGHTS, escalation: 5 } }))).toEqual(['escalating', 'plain'])
    expect(ids(scoreOffers([plain, escalating], { ...COSTS, weights: { ...DEFAULT_OFFER_WEIGHTS, escalation: 0 } }))).toEqual(['plain', 'escalating'])
  })

  it('applies the clause to the price, the net and the rank: escalated over the shared plain offer by its increment', () => {
    const plain = offer('plain', { purchasePrice: 410_000, financing: { type: 'cash' } })
    const escalating = offer('escalating', { purchasePrice: 400_000, financing: { type: 'cash' }, escalation: clause(430_000) })
    const ranked = scoreOffers([plain, escalating], only({ netToSeller: 10 }))
    expect(ids(ranked)).toEqual(['escalating', 'plain'])
    expect(ranked[0]).toMatchObject({ price: 412_000, escalated: { price: 412_000, by: 12_000, over: 'plain', capped: false } })
    // 412,000 - 6 % (24,720) - 2,000.
    expect(ranked[0]?.netToSeller).toBe(385_280)
    expect(ranked[0]?.lines[1]).toEqual({ key: 'escalation', amount: 12_000, params: { over: 'plain', capped: false } })
  })
})

describe('scores against the listing', () => {
  const LONE = offer('lone', { purchasePrice: 44_500, earnestMoney: { amount: 1_000 }, financing: { type: 'cash' }, appraisalContingency: false, inspectionPeriodDays: 0, saleOfBuyersPropertyContingency: false, closingDate: '2025-06-30' }, { hasPreApproval: true })

  it('gives a lone $44,500 offer on a $469,900 home a low score, where the relative scales alone gave it nearly all', () => {
    const weights = { ...COSTS, weights: DEFAULT_OFFER_WEIGHTS }
    expect(scoreOffers([LONE], weights)[0]?.score).toBeGreaterThan(90)
    const [ranked] = scoreOffers([LONE], { ...weights, listPrice: 469_900 })
    expect(ranked?.score).toBe(0)
    expect(ranked?.priceFit).toBe(0)
  })

  it('scales money criteria by the offer against the list price, and keeps the fixed-scale criteria', () => {
    const atList = offer('list', { purchasePrice: 400_000, earnestMoney: { amount: 4_000 }, financing: { type: 'cash' } })
    const under = offer('under', { purchasePrice: 340_000, earnestMoney: { amount: 2_000 }, financing: { type: 'cash' } })
    const ranked = scoreOffers([atList, under], { ...only({ netToSeller: 1, earnestMoney: 1, financingCertainty: 1 }), listPrice: 400_000 })
    const byId = new Map(ranked.map((entry) => [entry.id, entry]))
    // At the list price: net and earnest money 1 (earnest 1 % of the list price), cash 1.
    expect(byId.get('list')?.score).toBe(100)
    // 85 % of the list price keeps all its points (priceFit 1); relatively the worst on net and earnest money: 0, and cash 1.
    expect(byId.get('under')?.priceFit).toBe(1)
    expect(byId.get('under')?.criteria.find((entry) => entry.criterion === 'financingCertainty')?.value).toBe(1)
    expect(byId.get('under')?.score).toBe(33.33)
  })
})

describe('the escalation clause criterion, continued', () => {

  it('reads a weighting saved before the criterion existed as weight 0', () => {
    const { escalation: _dropped, ...older } = DEFAULT_OFFER_WEIGHTS
    const ranked = scoreOffers([CASH, FHA], { ...COSTS, weights: older as OfferWeights })
    expect(ranked.map((entry) => entry.score)).toEqual([85.29, 45.37])
  })
})
