import type { MessageTable } from './table'

/**
 * Keys file.* (see ../messages.ts for the rules of the catalogue): the brokerage's file of a
 * transaction (issue #35): its required documents (file-checklist.ts), the findings of its audit
 * (file-audit.ts) and the earnest money's disbursement clock (trust-clock.ts).
 */
export const TRANSACTION_FILE_MESSAGES = {
  'file.slotPurchaseAgreement': 'Purchase and sale agreement',
  'file.slotContractLanguageAddendum': 'Additional contract language addendum (RF707)',
  'file.slotPropertyConditionDisclosure': "Seller's property condition disclosure, disclaimer or exemption",
  'file.slotLeadBasedPaintDisclosure': 'Lead-based paint disclosure',
  'file.slotAgencyDisclosure': 'Agency disclosure',
  'file.slotContractNotice': 'Notice: {title}',
  'file.slotContractAmendment': 'Amendment: {title}',
  'file.slotEarnestMoneyReceipt': 'Earnest money receipt',
  'file.slotClosingStatement': 'Closing statement',
  'file.slotBrokerageRule': '{title}',

  'file.whyPurchaseAgreement': 'Every contract file holds the agreement the parties signed.',
  'file.whyContractLanguageAddendum': 'The agreement has additional contract language clauses.',
  'file.whyPropertyConditionDisclosure': 'Tennessee asks the seller for the condition disclosure, a disclaimer, or the exemption that applies (T.C.A. 66-5-202).',
  'file.whyLeadBasedPaintBuilt': 'The home was built in {year}, before 1978.',
  'file.whyLeadBasedPaintUnknown': 'The year the home was built is not known, so it may be older than 1978.',
  'file.whyAgencyDisclosure': 'Each side confirms whom its licensee represents.',
  'file.whyContractDocument': 'Every notice and amendment of the contract is kept in its file.',
  'file.whyEarnestMoneyReceipt': 'The agreement names earnest money of {amount}.',
  'file.whyClosingStatement': 'The transaction has closed.',
  'file.whyBrokerageRule': "Your brokerage's own rule.",

  'file.ruleTitleRequired': 'Name the document this rule asks for',
  'file.ruleTitleTooLong': 'Keep the name to {maximum} characters or fewer',
  'file.rulePriceOrder': 'The lowest price must not be above the highest',

  'file.findingSlotEmpty': 'Missing: {slot}.',
  'file.findingDocumentReturned': '{slot} was returned by the broker: {note}',
  'file.findingDocumentPending': '{slot} waits for the broker to approve it.',
  'file.findingDuplicate': '{slot} is the same file as {other}.',
  'file.findingSignatureUnsigned': '{packet}: {signer} has not signed on page {page}.',
  'file.findingInitialsUnsigned': '{packet}: {signer} has not initialed page {page}.',
  'file.findingDateUnsigned': '{packet}: the date of {signer} on page {page} is not filled in.',
  'file.findingTextUnsigned': '{packet}: a field of {signer} on page {page} is not filled in.',
  'file.findingPacketNotSealed': '{packet} is not signed by everyone yet.',
  'file.findingPacketBroken': '{packet}: its sealed file no longer matches its seal.',
  'file.findingBindingBeforeSignature': 'The Binding Agreement Date ({binding}) comes before the last acceptance signature ({signed}).',
  'file.findingNoticeOutsidePeriod': '{notice} was given on {given}, after its period ended on {ended}.',
  'file.findingEarnestMoneyLate': 'The earnest money was received on {received}, after it was due on {due}.',
  'file.findingEarnestMoneyMissing': 'No receipt of the earnest money, which was due on {due}.',
} as const satisfies MessageTable
