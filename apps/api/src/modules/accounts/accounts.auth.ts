import { emailOTP, phoneNumber } from 'better-auth/plugins'
import type { Language } from '@offerbook/domain/user'
import { CODE_LENGTH } from '@offerbook/domain/session'
import { DEFAULT_LANGUAGE, LanguageSchema } from '@offerbook/domain/user'
import { toE164 } from '@offerbook/domain/phone'
import type { Db } from '../../db/client'
import { enqueueEmail, enqueueSms } from '../messaging/messaging.service'
import { findUserLanguageByEmail, findUserLanguageByPhone } from './accounts.queries'

export { CODE_LENGTH }
export const CODE_TTL_SECONDS = 600
export const CODE_ATTEMPTS = 5
const CODE_MINUTES = CODE_TTL_SECONDS / 60

/**
 * better-auth's own HTTP routes for codes. Our /api/accounts, /api/recovery and /api/session/phone*
 * endpoints call the same code through auth.api with our rate limits, cooldown and checks (e.g. sign-in
 * by phone only for a verified phone); left open, these would bypass all of that, and
 * /phone-number/verify would sign in the holder of any phone number someone typed into a profile.
 */
export const ACCOUNT_AUTH_DISABLED_PATHS = [
  '/send-verification-email',
  '/email-otp/send-verification-otp',
  '/email-otp/check-verification-otp',
  '/email-otp/verify-email',
  '/sign-in/email-otp',
  '/email-otp/request-password-reset',
  '/forget-password/email-otp',
  '/email-otp/reset-password',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
  '/phone-number/send-otp',
  '/phone-number/verify',
  '/sign-in/phone-number',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
]

/** The language our own endpoints ask for when no user has the recipient address yet. */
function requestedLanguage(headers: Headers | undefined): Language | null {
  const parsed = LanguageSchema.safeParse(headers?.get('accept-language'))
  return parsed.success ? parsed.data : null
}

/** The e-mail code and SMS code plugins, their messages going through our outbox. */
export function accountAuthPlugins({ db, publicUrl }: { db: Db; publicUrl: string }) {
  return [
    emailOTP({
      otpLength: CODE_LENGTH,
      expiresIn: CODE_TTL_SECONDS,
      allowedAttempts: CODE_ATTEMPTS,
      sendVerificationOnSignUp: true,
      overrideDefaultEmailVerification: true,
      disableSignUp: true,
      async sendVerificationOTP({ email, otp, type }, ctx) {
        const locale = (await findUserLanguageByEmail(db, email)) ?? requestedLanguage(ctx?.headers) ?? DEFAULT_LANGUAGE
        const template = type === 'forget-password' ? 'password-reset-code' : type === 'sign-in' ? 'sign-in-code' : 'verification-code'
        await enqueueEmail(db, template, { code: otp, minutes: CODE_MINUTES }, { to: email, locale, publicUrl })
      },
    }),
    phoneNumber({
      otpLength: CODE_LENGTH,
      expiresIn: CODE_TTL_SECONDS,
      allowedAttempts: CODE_ATTEMPTS,
      // The one phone rule, on the number the routes already turned into E.164.
      phoneNumberValidator: (phone) => toE164(phone) === phone,
      schema: { user: { fields: { phoneNumber: 'phone', phoneNumberVerified: 'phoneVerified' } } },
      async sendOTP({ phoneNumber: phone, code }, ctx) {
        const locale = (await findUserLanguageByPhone(db, phone)) ?? requestedLanguage(ctx?.headers) ?? DEFAULT_LANGUAGE
        await enqueueSms(db, 'phone-code', { code, minutes: CODE_MINUTES }, { to: phone, locale })
      },
    }),
  ] as const
}
