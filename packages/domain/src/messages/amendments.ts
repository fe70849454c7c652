import type { MessageTable } from './table'

/** Keys amendment.* (contract amendments and repair proposals, decision 066; see ../messages.ts for the rules of the catalogue). */
export const AMENDMENT_MESSAGES = {
  'amendment.nothingChanged': 'The amendment changes nothing: change at least one term',
  'amendment.fieldUnchanged': 'This is already the contract\'s term: change it or leave it out',
  'amendment.closingBeforeToday': 'The new closing date cannot be before today',
  'amendment.possessionBeforeToday': 'The new possession date cannot be before today',
  /** `percent`: the bound crossed, as a share of the list price. */
  'amendment.priceUnconfirmed': 'The new price is outside {percent} % of the list price: confirm it before sending the amendment',
  'amendment.repairRequired': 'Describe the repair, or remove the line',
  'amendment.repairTooLong': 'A repair can have at most {maximum} characters',
  'amendment.repairsRequired': 'List at least one repair',
  'amendment.tooManyRepairs': 'List at most {maximum} repairs',
  'amendment.repairsTooLong': 'The special stipulations would be too long with these repairs: shorten them',
  'amendment.answerRequired': 'Choose whether you accept, counter or decline the repairs',
  'amendment.notBound': 'Only a bound contract can be amended: the offer must be accepted, with its Binding Agreement Date',
  'amendment.onlyParties': "Only the contract's buyer side or the listing's seller side can do this",
  /** `number`: the amendment out for signature. */
  'amendment.waitsForAnother': 'Amendment {number} is still out for signature: this one waits until it is signed, declined or expired',
  'amendment.signersMissing': 'The amendment needs a signer on each side: the offer must name a buyer and the listing a seller with their email addresses',
  'amendment.repairsNotFound': 'There is no such repair proposal on this contract',
  'amendment.onlyBuyerProposes': "Only the contract's buyer side can propose repairs",
  'amendment.noResolutionPeriod': 'This contract has no resolution period (the inspection was waived), so repairs cannot be proposed under it',
  /** `date`: the resolution period's last day. */
  'amendment.resolutionOver': 'The resolution period ended on {date}: repairs can no longer be proposed under it',
  'amendment.repairsOpen': 'A repair proposal is already waiting for an answer',
  'amendment.repairsNotOpen': 'This repair proposal has already been answered',
  'amendment.notYourTurn': 'The other side has to answer this repair proposal',
} as const satisfies MessageTable
