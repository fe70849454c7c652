import { SIGNING_MESSAGES } from '@offerbook/domain/signing-messages'
import { i18n } from './i18n'

/**
 * The signing API's fixed messages, keyed by their English text, each to `signingApi.<name>`; built
 * from the shared list so a reworded message cannot drift from its key.
 */
const SIGNING_MESSAGE_KEYS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SIGNING_MESSAGES).flatMap(([name, message]) => (typeof message === 'string' ? [[message, `signingApi.${name}`]] : [])),
)

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** SIGNING_MESSAGES.notOpen(status) as a pattern: the text around the status, taken from the function itself. */
function signingStatusPattern(): RegExp {
  const marker = '\u0000'
  const [before = '', after = ''] = SIGNING_MESSAGES.notOpen(marker).split(marker)
  return new RegExp(`^${escapeRegExp(before)}(\\w+)${escapeRegExp(after)}$`)
}

const PACKET_STATUS_MESSAGE = signingStatusPattern()

/**
 * The English texts the API answers with (spec section 8) and their translation keys. A message
 * with no entry here is shown as the server wrote it.
 */
export const SERVER_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'User not found': 'errors.userNotFound',
  'Incorrect e-mail/password combination': 'errors.incorrectCredentials',
  'Too many requests, please try again later or reset your password': 'errors.tooManyRequests',
  'Email already in use': 'errors.emailInUse',
  'Please check your email for the verification link': 'errors.checkEmailVerificationLink',
  'Please check your email for the verification code and reset your password': 'errors.checkEmailVerificationCode',
  'Please try another login/registration method': 'errors.tryAnotherMethod',
  'Service unavailable. Please try another login/registration method': 'errors.serviceUnavailable',
  'Invalid phone code': 'errors.invalidPhoneCode',
  'Invalid email': 'errors.invalidEmail',
  Required: 'errors.required',
  'Required First and Last Name': 'errors.requiredFullName',
  'Invalid phone number': 'errors.invalidPhoneNumber',
  'Invalid url': 'errors.invalidUrl',
  'Password mismatch': 'errors.passwordMismatch',
  'Invalid format': 'errors.invalidFormat',
  'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)': 'errors.leadAgentMlsId',
  'Please fill in all required fields': 'errors.fillRequiredFields',
  'Must have at most 256 characters': 'errors.atMost256',
  'You must be logged in to make an offer': 'errors.mustBeLoggedIn',
  'Listing agent email & name is mandatory to share the offer': 'errors.listingAgentMandatory',
  'Your changes are not saved. Please save the form before proceeding further': 'errors.changesNotSaved',
  'Please share the offer with the seller before performing any other actions': 'errors.shareFirst',
  'Please fill the buyer details before generating the forms': 'errors.fillBuyerDetails',
  'Please fill the listing agent details before generating the forms': 'errors.fillListingAgentDetails',
  'Emails sent!': 'errors.emailsSent',
  "Couldn't send the email messages": 'errors.emailsFailed',
  'SMS sent!': 'errors.smsSent',
  'SMS failed. Check the number or try later': 'errors.smsFailedOne',
  'All messages sent!': 'errors.allMessagesSent',
  'SMS failed. Check the numbers or try later': 'errors.smsFailedMany',
  'Please enter email(s)': 'errors.enterEmails',
  'Invalid or expired code': 'accounts.errors.invalidOrExpiredCode',
  'Choose how you will use Offerbook: as a buyer or a seller, on your own or as an agent': 'accounts.errors.roleNotOffered',
  'Must have at most 200 characters': 'accounts.errors.nameTooLong',
  'Your account signs in without a password, so there is none to change': 'accounts.errors.noPassword',
  'Choose a photo to upload': 'accounts.errors.photoMissing',
  'File not found': 'accounts.errors.fileNotFound',
  'Please wait a minute before asking for a new code': 'accounts.errors.waitForNewCode',
  'Your current password is not correct': 'accounts.errors.currentPasswordIncorrect',
  'This phone number is already in use': 'accounts.errors.phoneInUse',
  'NRDS number must be 9 digits': 'accounts.errors.nrdsDigits',
  'Invalid ZIP code': 'accounts.errors.invalidZipcode',
  'The photo is larger than 5 MB': 'accounts.errors.photoTooLarge',
  'The photo must be a JPEG, PNG or WebP image': 'accounts.errors.photoType',
  'You have already completed onboarding': 'accounts.errors.alreadyOnboarded',
  'Your principal broker request is already pending': 'accounts.errors.principalBrokerPending',
  'You are already a principal broker': 'accounts.errors.alreadyPrincipalBroker',
  'Only agents have an NRDS number and MLS ID': 'accounts.profile.errors.agentDetailsOnly',
  'Enter the 6 digits of the code': 'accounts.errors.codeDigits',
  'This sign-in has expired. Please sign in with single sign-on again': 'accounts.sso.errors.proofExpired',
  'An account with this email already exists. Please sign in with your email and password': 'accounts.sso.errors.useYourPassword',
  'Price must be between $1,000 and $1,000,000,000': 'listing.errors.priceRange',
  'Enter whole dollars': 'listing.errors.wholeDollars',
  'Must be a whole number from 0 to 99': 'listing.errors.roomsRange',
  'Living area must be between 1 and 1,000,000 square feet': 'listing.errors.livingAreaRange',
  'Lot size must be between 0 and 100,000 acres': 'listing.errors.lotSizeRange',
  'Year built must be between 1700 and 2100': 'listing.errors.yearBuiltRange',
  'Enter a 5-digit ZIP code': 'listing.errors.zipCode',
  'Enter the two-letter state code, e.g. TN': 'listing.errors.state',
  'Choose a property type': 'listing.errors.propertyType',
  'Enter the firm license number: letters and digits only': 'listing.errors.licenseNumber',
  'The offer deadline must be in the future': 'listing.errors.offerDeadlinePast',
  'Up to 10 e-mail addresses': 'listing.errors.notifyEmails',
  'The maximum price must be at least the minimum price': 'listing.errors.maxBelowMin',
  'Minimum price must be a whole number': 'listing.errors.minPriceWhole',
  'Maximum price must be a whole number': 'listing.errors.maxPriceWhole',
  'Page must be a whole number from 1': 'listing.errors.pageRange',
  'Each weight is a whole number from 0 to 10': 'listing.errors.weightRange',
  'Commission must be between 0% and 10%': 'listing.errors.commissionRange',
  'Closing costs must be between $0 and $1,000,000,000': 'listing.errors.closingCostsRange',
  'This listing is already published': 'listing.errors.publishOnlyDraft',
  'Add at least one photo before publishing': 'listing.errors.needsPhoto',
  'The photo is larger than 10 MB': 'listing.errors.photoTooLarge',
  'Send one file, in the form field photo, and nothing else': 'listing.errors.photoOnlyOne',
  'Send the photo as multipart/form-data': 'listing.errors.photoNotMultipart',
  'A listing can have at most 50 photos': 'listing.errors.tooManyPhotos',
  'List every photo of the listing exactly once': 'listing.errors.photoOrder',
  'Photo not found': 'listing.errors.photoNotFound',
  'Listing not found': 'listing.errors.listingNotFound',
  'Only the owner, the listing agent or their team can manage this listing': 'listing.errors.notYourListing',
  'Only a draft can be deleted; withdraw or cancel a published listing instead': 'listing.errors.onlyDraftsDeleted',
  'The MLS feed is not set up on this site. You can upload a RESO JSON file instead.': 'listingImport.errors.feedNotConfigured',
  'Your profile has no MLS ID, so the feed cannot find your listings. Add your MLS ID to your profile, or upload a RESO JSON file.': 'listingImport.errors.noMlsId',
  "The MLS feed did not accept this site's access token. Ask the site administrator to renew it; meanwhile you can upload a RESO JSON file.": 'listingImport.errors.feedUnauthorized',
  'The MLS feed is not answering right now. Try again in a few minutes.': 'listingImport.errors.feedUnavailable',
  'The MLS feed asked us to slow down. Try again in a few minutes.': 'listingImport.errors.feedRateLimited',
  'The MLS feed answered with an error. Try again in a few minutes.': 'listingImport.errors.feedError',
  'The MLS feed sent a page that is not RESO JSON, so nothing was imported. Try again later.': 'listingImport.errors.feedMalformed',
  'The MLS feed has more than 2,000 changed listings for you; ask the site administrator to import them in parts.': 'listingImport.errors.feedTooMany',
  'The file is larger than 10 MB': 'listingImport.errors.fileTooLarge',
  'Choose a RESO JSON file to upload': 'listingImport.errors.fileMissing',
  'Send one file, in the form field file, and nothing else': 'listingImport.errors.fileOnlyOne',
  'Send the file as multipart/form-data': 'listingImport.errors.fileNotMultipart',
  'The file must hold RESO Property records: an object with a "value" array, or an array. Nothing was imported.': 'listingImport.errors.fileShape',
  'The file has no records': 'listingImport.errors.fileEmpty',
  'A file can hold at most 2,000 records': 'listingImport.errors.tooManyRecords',
  'This record is not a JSON object': 'listingImport.errors.recordNotObject',
  'Not a RESO StandardStatus such as Active, Pending or Closed': 'listingImport.errors.statusUnknown',
  'Must be a date and time such as 2024-05-01T14:30:00Z': 'listingImport.errors.timestampInvalid',
  'Must be text': 'listingImport.errors.expectedText',
  'Must be true or false': 'listingImport.errors.expectedYesNo',
  'This ListingKey appears more than once; only the most recently modified one is imported': 'listingImport.errors.duplicateKey',
  'This listing was already imported by another account': 'listingImport.errors.ownedByOther',
  'Each photo needs a MediaKey and an http or https MediaURL': 'listingImport.errors.mediaInvalid',
  'A photo could not be downloaded; the listing will be tried again on the next import': 'listingImport.errors.photoDownload',
  'Photos can only be downloaded from public web addresses': 'listingImport.errors.photoHostRefused',
  'Import not found': 'listingImport.errors.jobNotFound',
  'This import has already started': 'listingImport.errors.jobStarted',
  'Another import of yours is still running; wait for it to finish': 'listingImport.errors.jobRunning',
  'Choose at least one listing to import': 'listingImport.errors.nothingChosen',
  'Choose listings from the list of this import': 'listingImport.errors.notInImport',
  'This listing could not be saved because of an error on our side; it will be tried again on the next import': 'listingImport.errors.recordFailed',
  'The import stopped because of an error on our side. Try again.': 'listingImport.errors.jobFailed',
  'The import stopped before it finished because the server restarted. Check the feed or upload the file again.': 'listingImport.errors.jobInterrupted',
  'Please correct the fields marked in red': 'clauses.errors.fixFields',
  'Tick at least one clause': 'clauses.errors.tickOne',
  'Enter the percent as a number, e.g. 3 or 2.5': 'clauses.errors.percentNotNumber',
  'A percent cannot be negative': 'clauses.errors.percentNegative',
  'A percent cannot be more than 100': 'clauses.errors.percentOver',
  'Use at most 2 decimal places': 'clauses.errors.tooManyDecimals',
  'Enter the amount as a number without the $ sign, e.g. 1500 or 1,500.00': 'clauses.errors.dollarsNotNumber',
  'An amount cannot be negative': 'clauses.errors.dollarsNegative',
  'An amount cannot be more than 999,999,999.99': 'clauses.errors.dollarsOver',
  'Enter a whole number of days, e.g. 10': 'clauses.errors.daysNotWhole',
  'Days cannot be negative': 'clauses.errors.daysNegative',
  'Days cannot be more than 365': 'clauses.errors.daysOver',
  'Enter the date as YYYY-MM-DD': 'clauses.errors.dateFormat',
  'This date does not exist': 'clauses.errors.dateNotReal',
  'Enter the time as hh:mm AM or PM, e.g. 03:45 PM': 'clauses.errors.timeFormat',
  'This time does not exist': 'clauses.errors.timeNotReal',
  'The addendum does not fit on its 6 pages: shorten the longest filled-in values': 'clauses.errors.documentTooLong',
  'Amount must be between $0 and $1,000,000,000': 'offer.errors.amountRange',
  'Percent must be between 0 and 100': 'offer.errors.percentRange',
  'Invalid date': 'offer.errors.invalidDate',
  'An offer can name at most 4 buyers': 'offer.errors.maxBuyers',
  'Enter the purchase price': 'offer.errors.purchasePriceRequired',
  'Choose how the purchase is financed': 'offer.errors.financingRequired',
  'Enter the loan amount or the down payment': 'offer.errors.loanAmountRequired',
  'The loan amount cannot be more than the purchase price': 'offer.errors.loanAbovePrice',
  'Enter the closing date': 'offer.errors.closingDateRequired',
  'The closing date must be in the future': 'offer.errors.closingDatePast',
  'Enter when the offer expires': 'offer.errors.expirationRequired',
  'The offer expiration must be in the future': 'offer.errors.expirationPast',
  'Concessions cannot be more than the purchase price': 'offer.errors.concessionsAbovePrice',
  'Name at least one buyer, with an email address': 'offer.errors.buyersRequired',
  'Offer not found': 'offer.errors.offerNotFound',
  'Only the buyer side can change this offer': 'offer.errors.notYourOffer',
  'Only the seller or the listing agent can answer this offer': 'offer.errors.notSellerOfOffer',
  'You cannot make an offer on your own listing': 'offer.errors.ownListing',
  'This property is not taking offers': 'offer.errors.notTakingOffers',
  'Another offer on this property is already accepted': 'offer.errors.alreadyAccepted',
  'The acceptance has already been acknowledged': 'offer.errors.alreadyAcknowledged',
  'This offer link has expired': 'offer.errors.linkExpired',
  'This offer link is not valid': 'offer.errors.linkInvalid',
  'The file is larger than 20 MB': 'offer.errors.attachmentTooLarge',
  'The file must be a PDF, JPEG or PNG': 'offer.errors.attachmentType',
  'Choose a file to upload': 'offer.errors.attachmentMissing',
  'An offer can have at most 20 attachments': 'offer.errors.tooManyAttachments',
  'Only a draft can be deleted; withdraw a shared offer instead': 'offersApi.errors.onlyDraftDeleted',
  'Notification not found': 'offersApi.errors.notificationNotFound',
  'The offer form of a shared offer cannot be removed': 'offerDocuments.errors.offerFormKept',
  'Network error. Check your connection and try again.': 'errors.network',
  'Something went wrong. Please try again.': 'errors.unknown',
  // Last: the three texts the signing API shares with other areas (e.g. 'Send the file as
  // multipart/form-data') take the signing keys, whose translations say the same.
  ...SIGNING_MESSAGE_KEYS,
}

/** Messages that carry a number: the English pattern and the key that takes it as `count`. */
const COUNTED_MESSAGES: readonly { pattern: RegExp; key: string }[] = [
  { pattern: /^Must have at least (\d+) characters$/, key: 'errors.minLength' },
  { pattern: /^Must have at most (\d+) characters$/, key: 'listing.errors.tooLong' },
  { pattern: /^Enter a whole number of days from 0 to (\d+)$/, key: 'offer.errors.daysRange' },
  { pattern: /^Page size must be a whole number from 1 to (\d+)$/, key: 'listing.errors.pageSizeRange' },
]

/** Offer status messages name a status: translated as a status. */
const OFFER_STATUS_MESSAGES: readonly { pattern: RegExp; key: string }[] = [
  { pattern: /^An offer that is (\w+) can no longer be changed$/, key: 'offer.errors.offerLocked' },
  { pattern: /^An offer that is (\w+) cannot be \w+$/, key: 'offer.errors.notAllowed' },
]

/** Listing status changes name both statuses: translated as statuses. */
const STATUS_CHANGE = /^A listing that is (\w+) cannot be set to (\w+)$/

export function translateMessage(message: string): string {
  const key = SERVER_MESSAGE_KEYS[message]
  if (key && i18n.exists(key)) return i18n.t(key)
  const statusChange = STATUS_CHANGE.exec(message)
  if (statusChange && i18n.exists('listing.errors.statusChange')) {
    const status = (value: string | undefined) => (i18n.exists(`listing.status.${value}`) ? i18n.t(`listing.status.${value}`) : (value ?? ''))
    return i18n.t('listing.errors.statusChange', { from: status(statusChange[1]), to: status(statusChange[2]) })
  }
  for (const { pattern, key: offerKey } of OFFER_STATUS_MESSAGES) {
    const match = pattern.exec(message)
    if (match && i18n.exists(offerKey)) {
      const status = match[1] ?? ''
      return i18n.t(offerKey, { status: i18n.exists(`offer.status.${status}`) ? i18n.t(`offer.status.${status}`) : status })
    }
  }
  const packetStatus = PACKET_STATUS_MESSAGE.exec(message)
  if (packetStatus && i18n.exists('signingApi.notOpen')) {
    const status = packetStatus[1] ?? ''
    return i18n.t('signingApi.notOpen', { status: i18n.exists(`signingApi.status.${status}`) ? i18n.t(`signingApi.status.${status}`) : status })
  }
  for (const counted of COUNTED_MESSAGES) {
    const match = counted.pattern.exec(message)
    if (match && i18n.exists(counted.key)) return i18n.t(counted.key, { count: Number(match[1]) })
  }
  return message
}
