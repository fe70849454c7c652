import type { MessageTable } from './table'

/** Keys offer.*, notification.*, contracts.* (see ../messages.ts for the rules of the catalogue). */
export const OFFER_MESSAGES = {
  /** Spec: making an offer while signed out. */
  'offer.loginRequired': 'You must be logged in to make an offer',
  /** Spec: an action on a draft that only a shared offer takes. */
  'offer.shareFirst': 'Please share the offer with the seller before performing any other actions',
  'offer.notFound': 'Offer not found',
  'offer.notYourOffer': 'Only the buyer side can change this offer',
  'offer.notSellerOfOffer': 'Only the seller or the listing agent can answer this offer',
  'offer.ownListing': 'You cannot make an offer on your own listing',
  'offer.notTakingOffers': 'This property is not taking offers',
  /** `status` is an offer status (offer.status.* labels on the web). */
  'offer.locked': 'An offer that is {status} can no longer be changed',
  /** An action the offer's status does not allow, one key per action (the action reads as a participle). */
  'offer.cannotShare': 'An offer that is {status} cannot be shared',
  /** Sharing with a price or earnest money out of the bounds (money-bounds.ts) that was not confirmed. */
  'offer.moneyUnconfirmed': 'An amount looks unusual: confirm it before sharing the offer',
  'offer.cannotAccept': 'An offer that is {status} cannot be accepted',
  'offer.cannotDecline': 'An offer that is {status} cannot be declined',
  'offer.cannotKeepAsBackup': 'An offer that is {status} cannot be kept as a back-up',
  'offer.cannotWithdraw': 'An offer that is {status} cannot be withdrawn',
  'offer.cannotExpire': 'An offer that is {status} cannot be expired',
  'offer.cannotAcknowledge': 'An offer that is {status} cannot be acknowledged',
  'offer.cannotClose': 'An offer that is {status} cannot be closed',
  'offer.cannotTerminate': 'An offer that is {status} cannot be terminated',
  'offer.cannotRevise': 'An offer that is {status} cannot be revised',
  'offer.cannotRenew': 'An offer that is {status} cannot be renewed',
  /** Decision 036: an answer names the version it answers; `version` is the offer's current version. */
  'offer.versionRequired': 'Name the version of the offer you are answering',
  'offer.versionChanged': 'This offer changed while you were looking at it: it is now version {version}',
  'offer.versionNotFound': 'This offer has no version {version}',
  /** `expiresAt` is a date and time in the property's time zone, named. */
  'offer.expired': 'This offer expired on {expiresAt}',
  'offer.revisionUnchanged': 'The revision changes nothing: change at least one term',
  'offer.renewNeedsExpiry': 'Choose a new expiration in the future to renew this offer',
  'offer.alreadyAccepted': 'Another offer on this property is already accepted',
  'offer.alreadyAcknowledged': 'The acceptance has already been acknowledged',
  'offer.linkExpired': 'This offer link has expired',
  /** Closing (decision 061): the date is in the property's calendar; `date` is the Binding Agreement Date written out. */
  'offer.closingDateFuture': 'The closing date cannot be later than today',
  'offer.closingDateBeforeBinding': 'The closing date cannot be before the Binding Agreement Date ({date})',
  'offer.closingNotBinding': 'A closing can be recorded only after the buyer side acknowledges the acceptance',
  'offer.closingAlreadyRecorded': 'A closing is already recorded on this offer: the other side confirms or disputes it',
  'offer.closingNothingRecorded': 'No closing is recorded on this offer',
  'offer.closingOwnRecord': 'Your side recorded this closing: the other side confirms it',
  /** `percent`: how far the final price is from the contract's price. */
  'offer.closingPriceUnconfirmed': 'The final price is {percent} % away from the contract price: confirm it before recording the closing',
  'offer.onlyDraftDeleted': 'Only a draft can be deleted; withdraw a shared offer instead',
  'offer.attachmentTooLarge': 'The file is larger than 20 MB',
  'offer.attachmentType': 'The file must be a PDF, JPEG or PNG',
  'offer.attachmentMissing': 'Choose a file to upload',
  'offer.attachmentOnlyOne': 'Send one file, in the form field file, and nothing else',
  'offer.attachmentNotMultipart': 'Send the file as multipart/form-data',
  'offer.tooManyAttachments': 'An offer can have at most 20 attachments',
  'offer.attachmentNotFound': 'This file is not on the offer. It may have been replaced or removed.',
  /** The buyer side removing the offer form of a shared offer: the seller has it. */
  'offer.offerFormKept': 'The offer form of a shared offer cannot be removed',

  'notification.notFound': 'Notification not found',
} as const satisfies MessageTable
