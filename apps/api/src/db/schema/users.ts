import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ROLES } from '@offerbook/domain/roles'
import { UI_MODES } from '@offerbook/domain/ui-mode'
import { CURRENCIES, LANGUAGES, PRINCIPAL_BROKER_STATUSES } from '@offerbook/domain/user'
import { authTimestamps, createdAt, isOneOf, timestamptz } from './columns'

/**
 * better-auth's `user` model (its property names are what its drizzle adapter looks up) plus the
 * profile fields of spec section 3. better-auth is not told about the profile fields, so sign-up
 * cannot set them; they change only through our own endpoints and the seed.
 */
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    ...authTimestamps(),
    /**
     * Spec section 3's `key`: the user's public, opaque identifier, made by the database when the row
     * is written and never changed (docs/decisions/053-user-key.md).
     */
    key: uuid('key').notNull().unique().defaultRandom(),
    phone: text('phone'),
    onboarded: boolean('onboarded').notNull().default(false),
    zipcode: text('zipcode'),
    sellerAgentId: text('seller_agent_id'),
    nrds: text('nrds'),
    isAddListingEnabled: boolean('is_add_listing_enabled').notNull().default(false),
    isPrincipalBroker: boolean('is_principal_broker').notNull().default(false),
    /** A request for principal-broker access: 'pending' until the support team decides. */
    principalBrokerStatus: text('principal_broker_status').notNull().default('none'),
    language: text('language').notNull().default('en-us'),
    /** The phone (E.164) has been proven by an SMS code; only then can it be used to sign in. */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** Set by an admin (issue #15): no sign-in by any means, no session, the listings out of search. */
    deactivatedAt: timestamptz('deactivated_at'),
    /** The latest successful sign-in (sign_in_event has them all). */
    lastSignInAt: timestamptz('last_sign_in_at'),
    /** Spec section 3, Preferences: the interface ordered for buying or selling, kept like the language. */
    uiMode: text('ui_mode').notNull().default('buy'),
    /** An agent's website (http or https), shown on their person card. */
    website: text('website'),
    /** Spec section 3, Preferences: the currency money is shown in, kept like the language. */
    currency: text('currency').notNull().default('USD'),
  },
  (table) => [
    check('user_language_check', isOneOf(table.language, LANGUAGES)),
    check('user_ui_mode_check', isOneOf(table.uiMode, UI_MODES)),
    check('user_currency_check', isOneOf(table.currency, CURRENCIES)),
    check('user_principal_broker_status_check', isOneOf(table.principalBrokerStatus, PRINCIPAL_BROKER_STATUSES)),
    uniqueIndex('user_phone_unique').on(table.phone),
    index('user_last_sign_in_idx').on(table.lastSignInAt),
  ],
)

/** A required link to a user: the row goes when the account goes. */
export const cascadeUser = (name: string) => text(name).notNull().references(() => user.id, { onDelete: 'cascade' })

/** The key of a table with at most one row per user: the user's id; the row goes when the account goes. */
export const userIdPrimaryKey = () => text('user_id').primaryKey().references(() => user.id, { onDelete: 'cascade' })

/** An optional link to a user (who did something, who is linked), emptied when the account goes. */
export const setNullUser = (name: string) => text(name).references(() => user.id, { onDelete: 'set null' })

/** Roles live in their own table (docs/decisions/003-roles-storage.md). */
export const userRole = pgTable(
  'user_role',
  {
    userId: cascadeUser('user_id'),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.role] }),
    index('user_role_role_idx').on(table.role),
    check('user_role_role_check', isOneOf(table.role, ROLES)),
  ],
)
