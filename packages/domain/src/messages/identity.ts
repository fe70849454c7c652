import type { MessageTable } from './table'

/** Keys identity.* (see ../messages.ts for the rules of the catalogue). */
export const IDENTITY_MESSAGES = {
  'identity.accountNotFound': 'This linked account does not exist',
  'identity.notConfigured': 'No identity provider is configured',
  'identity.checkTimeout': 'The provider did not answer within {seconds} seconds',
  'identity.checkUnreachable': 'The provider could not be reached',
  'identity.checkBadDocument': 'The provider did not give a valid discovery document',
  'identity.checkJwksUnreachable': 'The provider signing keys could not be fetched',
  'identity.usersRequired': 'The file must be a Firebase Authentication export with a list of users',
  'identity.usersEmpty': 'The export has no users',
  'identity.tooManyUsers': 'An import takes at most {maximum} users',
  'identity.userShape': 'A user is not in the shape of a Firebase Authentication export',
  'identity.localIdRequired': 'Every user needs a localId',
  'identity.hashConfigShape': 'The hash parameters are not in the shape the Firebase console shows',
  'identity.hashAlgorithm': 'The hash algorithm must be SCRYPT',
  'identity.signerKeyInvalid': 'The signer key must be base64',
  'identity.saltSeparatorInvalid': 'The salt separator must be base64',
  'identity.roundsInvalid': 'Rounds must be a whole number from 1 to 16',
  'identity.memCostInvalid': 'The memory cost must be a whole number from 1 to 15',
  'identity.emailMissing': 'This user has no e-mail address',
  'identity.emailInvalid': 'This e-mail address is not valid',
  'identity.emailRepeated': 'This e-mail address appears earlier in the file',
  'identity.emailExists': 'An account with this e-mail address already exists',
  'identity.inviteFailed': 'The user was created, but the e-mail to set a password could not be queued; they can use Forgot password',
  'identity.searchTooLong': 'search must have at most 200 characters',
} as const satisfies MessageTable
