import type { MessageTable } from './table'

/** Keys negotiation.*, and the escalation clause's offerTerms.* (decision 029; see ../messages.ts for the rules of the catalogue). */
export const NEGOTIATION_MESSAGES = {
  /** `status` is an offer status (offer.status.* labels on the web). */
  'negotiation.cannotCounter': 'An offer that is {status} cannot be countered',
  'negotiation.cannotAcceptCounter': 'An offer that is {status} has no counter-offer to accept',
  'negotiation.cannotDeclineCounter': 'An offer that is {status} has no counter-offer to decline',
  'negotiation.waitingForBuyer': 'The buyer side has not answered the last counter-offer yet',
  'negotiation.waitingForSeller': 'The seller side has not answered the last counter-offer yet',
  'negotiation.counterUnchanged': 'The counter-offer changes nothing: change at least one term',
  /** `expiresAt` is a date and time with its time zone. */
  'negotiation.onlySellerCounters': 'Only the seller side can counter this offer',
  'negotiation.onlyBuyerAnswers': "Only the offer's buyer side can answer this counter-offer",
  'negotiation.messageTooLong': 'The message can have at most {maximum} characters',
  'negotiation.bestMessageRequired': 'Write the message every buyer side will receive',
  'negotiation.bestDeadlineRequired': 'Choose the deadline for highest and best offers',
  'negotiation.bestDeadlinePast': 'The deadline must be in the future',
  'negotiation.bestNoOffers': 'There is no open offer on this property to ask',
  'negotiation.bestOfferNotOpen': 'Only the open offers on this property can be asked for their highest and best',
  /** `deadline` is a date and time with its time zone. */
  'negotiation.bestDeadlinePassed': 'The deadline for highest and best offers passed on {deadline}: the offer can no longer be revised',
  'negotiation.noPreApproval': 'This offer has no pre-approval letter to verify',
  'negotiation.onlySellerVerifies': "Only the seller side can verify the buyer's pre-approval letter",

  'offerTerms.escalationIncrementRequired': 'Enter the amount the offer rises over a competing offer',
  'offerTerms.escalationCapRequired': 'Enter the highest price the offer may rise to',
  'offerTerms.escalationCapAbovePrice': 'The escalation cap must be above the purchase price',
} as const satisfies MessageTable
