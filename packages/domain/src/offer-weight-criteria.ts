/**
 * The criteria a seller weights (0 to 10) on /my-properties/{id}/weighting, and their default weights.
 * Plain values without zod, so the public page that explains the ranking can load them (and the
 * scoring in offer-ranking.ts) without the validation library.
 */
export const OFFER_WEIGHT_CRITERIA = [
  'netToSeller',
  'earnestMoney',
  'financingCertainty',
  'downPayment',
  'contingencies',
  'inspectionPeriod',
  'closingDateFit',
  'concessions',
  'preApproval',
  /** Decision 029: how far an escalation clause may raise the price. */
  'escalation',
] as const
export type OfferWeightCriterion = (typeof OFFER_WEIGHT_CRITERIA)[number]

/** The weights a new listing starts with. */
export const DEFAULT_OFFER_WEIGHTS: Record<OfferWeightCriterion, number> = {
  netToSeller: 10,
  earnestMoney: 5,
  financingCertainty: 7,
  downPayment: 4,
  contingencies: 6,
  inspectionPeriod: 3,
  closingDateFit: 5,
  concessions: 5,
  preApproval: 6,
  escalation: 0,
}
