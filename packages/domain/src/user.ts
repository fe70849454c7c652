import { z } from 'zod'
import { RoleSchema } from './roles'
import { UiModeSchema } from './ui-mode'
import { LANGUAGES } from './languages'
import { CURRENCIES } from './currencies'

export type { Language } from './languages'
export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from './languages'
export const LanguageSchema = z.enum(LANGUAGES)
export type { Currency } from './currencies'
export { CURRENCIES, DEFAULT_CURRENCY, isCurrency } from './currencies'
export const CurrencySchema = z.enum(CURRENCIES, { error: 'profile.currency' })

/** A principal-broker access request (spec section 6: the status can be pending). */
export const PRINCIPAL_BROKER_STATUSES = ['none', 'pending', 'approved'] as const
export const PrincipalBrokerStatusSchema = z.enum(PRINCIPAL_BROKER_STATUSES)
export type PrincipalBrokerStatus = z.infer<typeof PrincipalBrokerStatusSchema>

/** The signed-in user as the API returns it and the browser holds it (spec section 3). */
export const UserSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  photoURL: z.string().nullable(),
  roles: z.array(RoleSchema),
  /**
   * The user's public identifier: opaque, stable for the life of the account, unique. What names a user
   * outside Offerbook (exports, links, support) instead of uid (docs/decisions/053-user-key.md).
   */
  key: z.string(),
  onboarded: z.boolean(),
  zipcode: z.string().nullable(),
  sellerAgentId: z.string().nullable(),
  nrds: z.string().nullable(),
  isAddListingEnabled: z.boolean(),
  isPrincipalBroker: z.boolean(),
  principalBrokerStatus: PrincipalBrokerStatusSchema,
  language: LanguageSchema,
  /** Spec section 3, Preferences: the interface ordered for buying or selling. */
  uiMode: UiModeSchema,
  /** An agent's website (spec section 5's URL rule), shown on their person card; null when none. */
  website: z.string().nullable(),
  /** Spec section 3, Preferences: the currency every amount is shown in. */
  currency: CurrencySchema,
})
export type User = z.infer<typeof UserSchema>
