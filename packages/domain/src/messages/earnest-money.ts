import type { MessageTable } from './table'

/** Keys earnestMoney.* (see ../messages.ts for the rules of the catalogue): the earnest money trust record (earnest-money.ts, decision 070). */
export const EARNEST_MONEY_MESSAGES = {
  'earnestMoney.amountRange': 'Enter an amount in dollars, from $0.01.',
  'earnestMoney.amountCents': 'Enter the amount in dollars and cents, with at most two decimals.',
  'earnestMoney.dateRequired': 'Enter a date.',
  'earnestMoney.dateFuture': 'The date cannot be after today.',
  'earnestMoney.dateBeforeBinding': 'The date cannot be before the Binding Agreement Date.',
  'earnestMoney.dateBeforeReceipt': 'The date cannot be before the day the earnest money was received.',
  'earnestMoney.dateBeforeRequest': 'The release cannot be dated before the request it answers.',
  'earnestMoney.methodRequired': 'Choose how the earnest money was received.',
  'earnestMoney.methodOtherRequired': 'Describe how the earnest money was received.',
  'earnestMoney.requestedByRequired': 'Enter who made the written request.',
  'earnestMoney.payeeRequired': 'Enter the payee.',
  'earnestMoney.releaseKindRequired': 'Choose how the earnest money was released.',
  'earnestMoney.releaseOverReceipt': 'The amount released cannot be more than the amount received ({amount}).',
  'earnestMoney.linkNotValid': 'This link is not valid. Ask the agent who sent it for a new one.',
  'earnestMoney.linkUsed': 'This link was already used: the receipt is recorded.',
  'earnestMoney.linkExpired': 'This link has expired. Ask the agent who sent it for a new one.',
  'earnestMoney.notBound': 'The earnest money is recorded once the contract is binding.',
  'earnestMoney.noHolder': 'The contract names no holder of the earnest money. Amend it first.',
  'earnestMoney.alreadyReceived': 'The holder has already attested receipt of the earnest money.',
  'earnestMoney.tooManyLinks': 'Too many links were sent for this contract.',
  'earnestMoney.noReceipt': 'Record the receipt of the earnest money first: send the holder the link.',
  'earnestMoney.alreadyRequested': 'A written request to disburse is already recorded.',
  'earnestMoney.alreadyReleased': 'The release of the earnest money is already recorded.',
} as const satisfies MessageTable
