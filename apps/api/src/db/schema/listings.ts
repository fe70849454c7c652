import { sql } from 'drizzle-orm'
import { boolean, check, customType, doublePrecision, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { ListingNotify, ListingWeighting, OfferPreference } from '@offerbook/domain/listing'
import type { ImportSkip } from '@offerbook/domain/listing-import'
import { DEFAULT_LISTING_NOTIFY, DEFAULT_LISTING_WEIGHTING, LISTING_SOURCES, LISTING_VISIBILITIES, LISTING_WIZARD_STEPS, PROPERTY_TYPES, STANDARD_STATUSES } from '@offerbook/domain/listing'
import { TEAM_ACCESS_LEVELS, TEAM_MEMBER_KINDS } from '@offerbook/domain/teams'
import { cascadeUuid, counter, createdAt, isNullOrOneOf, isOneOf, timestamptz, updatedAt, uuidPrimaryKey } from './columns'
import { storedFile } from './files'
import { cascadeUser, setNullUser, userIdPrimaryKey } from './users'

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
})

/**
 * A property listed for sale. Columns are the RESO Data Dictionary names in snake case
 * (ListPrice -> list_price), so a RESO feed maps onto them field for field.
 */
export const listing = pgTable(
  'listing',
  {
    id: uuidPrimaryKey(),
    /** RESO ListingKey: the feed's key for an imported listing, OB-<id> for one made here. */
    listingKey: text('listing_key').notNull(),
    /** RESO ListingId: the MLS number. */
    listingId: text('listing_id'),
    standardStatus: text('standard_status').notNull().default('Incomplete'),
    /** Who created it and manages it: the seller, or the agent who listed it. */
    ownerId: cascadeUser('owner_id'),
    /** The listing agent's account, when they have one here. */
    listAgentUserId: setNullUser('list_agent_user_id'),
    source: text('source').notNull().default('manual'),
    originatingSystemName: text('originating_system_name'),

    listPrice: integer('list_price'),
    streetNumber: text('street_number'),
    streetName: text('street_name'),
    streetSuffix: text('street_suffix'),
    unitNumber: text('unit_number'),
    city: text('city'),
    stateOrProvince: text('state_or_province'),
    postalCode: text('postal_code'),
    countyOrParish: text('county_or_parish'),
    /** Kept in step with the address parts by the service. */
    unparsedAddress: text('unparsed_address').notNull().default(''),
    propertyType: text('property_type'),
    bedroomsTotal: smallint('bedrooms_total'),
    bathroomsTotalInteger: smallint('bathrooms_total_integer'),
    livingArea: integer('living_area'),
    lotSizeAcres: doublePrecision('lot_size_acres'),
    yearBuilt: smallint('year_built'),
    publicRemarks: text('public_remarks'),
    /** The property's identification, which the purchase agreement prints: RESO ParcelNumber and TaxLegalDescription, and our deed reference. */
    parcelNumber: text('parcel_number'),
    taxLegalDescription: text('tax_legal_description'),
    /** Deed book and page, or instrument number, at the county Register of Deeds (no RESO field). */
    deedReference: text('deed_reference'),
    /** RESO VirtualTourURLUnbranded: the home's virtual tour, an http(s) address. */
    virtualTourUrlUnbranded: text('virtual_tour_url_unbranded'),

    listAgentFullName: text('list_agent_full_name'),
    listAgentEmail: text('list_agent_email'),
    listAgentDirectPhone: text('list_agent_direct_phone'),
    listAgentMlsId: text('list_agent_mls_id'),
    listOfficeName: text('list_office_name'),
    firmLicenseNumber: text('firm_license_number'),

    offerDeadline: timestamptz('offer_deadline'),
    offerPreferences: jsonb('offer_preferences').$type<OfferPreference[]>().notNull().default([]),
    offerInstructions: text('offer_instructions'),

    visibility: text('visibility').notNull().default('public'),
    notify: jsonb('notify').$type<ListingNotify>().notNull().default(DEFAULT_LISTING_NOTIFY),
    weighting: jsonb('weighting').$type<ListingWeighting>().notNull().default(DEFAULT_LISTING_WEIGHTING),
    /** The wizard step a draft was last saved on; null once published. */
    draftStep: text('draft_step'),
    publishedAt: timestamptz('published_at'),
    /** RESO ModificationTimestamp: the source's for an imported listing, ours otherwise. */
    modificationTimestamp: timestamptz('modification_timestamp').notNull().defaultNow(),
    createdAt: createdAt(),

    /** What the search box matches: address, city, ZIP, county and MLS number, as 'simple' words. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, coalesce(unparsed_address, '') || ' ' || coalesce(city, '') || ' ' || coalesce(postal_code, '') || ' ' || coalesce(county_or_parish, '') || ' ' || coalesce(listing_id, ''))`,
    ),
  },
  (table) => [
    uniqueIndex('listing_listing_key_unique').on(table.listingKey),
    index('listing_owner_idx').on(table.ownerId, table.modificationTimestamp),
    index('listing_list_agent_user_idx').on(table.listAgentUserId),
    index('listing_list_agent_mls_id_idx').on(table.listAgentMlsId),
    index('listing_search_vector_idx').using('gin', table.searchVector),
    // Each index matches a search sort exactly (direction, nulls and the id tie-break), so a page of
    // results is read from the index in order instead of sorting every match.
    index('listing_published_idx').on(table.publishedAt.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('listing_price_idx').on(table.listPrice, table.id),
    index('listing_beds_idx').on(table.bedroomsTotal.desc().nullsLast(), table.publishedAt.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('listing_area_idx').on(table.livingArea.desc().nullsLast(), table.publishedAt.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('listing_status_visibility_idx').on(table.standardStatus, table.visibility),
    check('listing_standard_status_check', isOneOf(table.standardStatus, STANDARD_STATUSES)),
    check('listing_property_type_check', isNullOrOneOf(table.propertyType, PROPERTY_TYPES)),
    check('listing_visibility_check', isOneOf(table.visibility, LISTING_VISIBILITIES)),
    check('listing_source_check', isOneOf(table.source, LISTING_SOURCES)),
    check('listing_draft_step_check', isNullOrOneOf(table.draftStep, LISTING_WIZARD_STEPS)),
  ],
)

/** A listing's photos (RESO Media): the stored copy, never the source's address. Order 0 is the primary photo. */
export const listingMedia = pgTable(
  'listing_media',
  {
    id: uuidPrimaryKey(),
    listingId: cascadeUuid('listing_id', () => listing.id),
    fileId: cascadeUuid('file_id', () => storedFile.id),
    /** RESO MediaKey: the feed's key for an imported photo, our id otherwise. */
    mediaKey: text('media_key').notNull(),
    order: integer('order').notNull(),
    /** The source's MediaURL and ModificationTimestamp of an imported photo, to skip unchanged ones on the next run. */
    sourceUrl: text('source_url'),
    sourceModificationTimestamp: timestamptz('source_modification_timestamp'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('listing_media_key_unique').on(table.listingId, table.mediaKey), index('listing_media_order_idx').on(table.listingId, table.order)],
)

/**
 * A member of a user's team (spec section 6: agents or support staff; access to all transactions or
 * only designated ones). A member manages the leader's listings: all of them, or those in
 * team_member_listing (and, on the buyer side, team_member_offer). Members join by invitation (team_invitation).
 */
export const teamMember = pgTable(
  'team_member',
  {
    leaderId: cascadeUser('leader_id'),
    memberId: cascadeUser('member_id'),
    access: text('access').notNull().default('all'),
    /** An agent or support staff (spec section 6). */
    kind: text('kind').notNull().default('agent'),
    /** The leader is the member's principal broker: this team is the brokerage, and an agent has one at most. */
    brokerage: boolean('brokerage').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('team_member_unique').on(table.leaderId, table.memberId),
    index('team_member_member_idx').on(table.memberId),
    uniqueIndex('team_member_one_brokerage').on(table.memberId).where(sql`${table.brokerage}`),
    check('team_member_access_check', isOneOf(table.access, TEAM_ACCESS_LEVELS)),
    check('team_member_kind_check', isOneOf(table.kind, TEAM_MEMBER_KINDS)),
  ],
)

/** A listing designated to a member; one row per team that designates it (a member may be on two teams, decision 072). */
export const teamMemberListing = pgTable(
  'team_member_listing',
  {
    leaderId: text('leader_id').notNull(),
    memberId: text('member_id').notNull(),
    listingId: cascadeUuid('listing_id', () => listing.id),
  },
  (table) => [uniqueIndex('team_member_listing_unique').on(table.memberId, table.listingId, table.leaderId), index('team_member_listing_leader_idx').on(table.leaderId, table.memberId)],
)

/**
 * One run of an import from an MLS feed or a RESO file, with its progress and report, kept in the
 * database so any process can answer the progress bar.
 */
export const listingImportJob = pgTable(
  'listing_import_job',
  {
    id: uuidPrimaryKey(),
    userId: cascadeUser('user_id'),
    source: text('source').notNull(),
    status: text('status').notNull().default('pending'),
    /** What was asked: the chosen ListingKeys, the visibility to give, the uploaded file. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull().default({}),
    total: counter('total'),
    processed: counter('processed'),
    imported: counter('imported'),
    updated: counter('updated'),
    deleted: counter('deleted'),
    /** The records not written: [{ key (ListingKey, or #n), reason, line in the file, RESO field }] */
    skipped: jsonb('skipped').$type<ImportSkip[]>().notNull().default([]),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    index('listing_import_job_user_idx').on(table.userId, table.createdAt),
    check('listing_import_job_source_check', isOneOf(table.source, ['mls-grid', 'reso-file'])),
    check('listing_import_job_status_check', isOneOf(table.status, ['pending', 'running', 'done', 'failed'])),
  ],
)

/** The newest ModificationTimestamp already taken from a feed for an agent: the next run asks only for newer records. */
export const mlsFeedCursor = pgTable('mls_feed_cursor', {
  userId: userIdPrimaryKey(),
  highWater: timestamptz('high_water').notNull(),
  updatedAt: updatedAt(),
})
