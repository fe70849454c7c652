import { z } from 'zod'
import { LISTING_SOURCES, ListingVisibilitySchema, ListingWizardStepSchema, PropertyTypeSchema, StandardStatusSchema } from './listing-enums'
import { ListingFieldsSchema } from './listing-fields'
import { ListingNotifySchema, ListingWeightingSchema } from './listing-settings'
import { TeamMarkSchema } from './teams'

/** A listing as the API answers with it: to its managers, on its public page, and as a line of a list. */

// ---------------------------------------------------------------------------------------------
// What the API answers

export const ListingMediaSchema = z.object({
  id: z.string(),
  /** RESO MediaKey: the source's key for an imported photo, our id otherwise. */
  MediaKey: z.string(),
  /** Where the stored copy is served (/api/files/{id}); never the source's address. */
  MediaURL: z.string(),
  /** RESO Order: 0 is the primary photo. */
  Order: z.number().int(),
  filename: z.string(),
})
export type ListingMedia = z.infer<typeof ListingMediaSchema>

/** The listing agent as the public page shows them; e-mail and phone only to signed-in visitors. */
export const ListingAgentCardSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  photoURL: z.string().nullable(),
  office: z.string().nullable(),
  /** The agent's website, from their profile when the agent has an account here. */
  website: z.string().nullable(),
})
export type ListingAgentCard = z.infer<typeof ListingAgentCardSchema>

const ListingIdentitySchema = z.object({
  id: z.string(),
  ListingKey: z.string(),
  /** The MLS number, when the listing came from an MLS. */
  ListingId: z.string().nullable(),
  StandardStatus: StandardStatusSchema,
  UnparsedAddress: z.string(),
  ModificationTimestamp: z.string(),
})

/** A listing as its managers (owner, listing agent, team) see and edit it. */
export const ManagedListingSchema = ListingIdentitySchema.extend(ListingFieldsSchema.shape).extend({
  Media: z.array(ListingMediaSchema),
  ownerId: z.string(),
  listAgentUserId: z.string().nullable(),
  visibility: ListingVisibilitySchema,
  notify: ListingNotifySchema,
  weighting: ListingWeightingSchema,
  draftStep: ListingWizardStepSchema.nullable(),
  source: z.enum(LISTING_SOURCES),
  OriginatingSystemName: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The reader only reads it: a principal broker's staff reading the brokerage's listing (decision 072); every change is refused. */
  readOnly: z.boolean().optional(),
})
export type ManagedListing = z.infer<typeof ManagedListingSchema>

/** A listing as /property/{id} shows it to anyone. */
export const PublicListingSchema = ListingIdentitySchema.extend(ListingFieldsSchema.omit({ firmLicenseNumber: true }).shape).extend({
  Media: z.array(ListingMediaSchema),
  listAgent: ListingAgentCardSchema,
  /** Whether the visitor manages this listing (shows a link to /my-properties/{id}). */
  canManage: z.boolean(),
})
export type PublicListing = z.infer<typeof PublicListingSchema>

/** One line of search results or of /my-properties/list. */
export const ListingSummarySchema = ListingIdentitySchema.extend({
  ListPrice: z.number().nullable(),
  City: z.string().nullable(),
  PostalCode: z.string().nullable(),
  PropertyType: PropertyTypeSchema.nullable(),
  BedroomsTotal: z.number().nullable(),
  BathroomsTotalInteger: z.number().nullable(),
  LivingArea: z.number().nullable(),
  primaryPhotoURL: z.string().nullable(),
  offerDeadline: z.string().nullable(),
  visibility: ListingVisibilitySchema,
  draftStep: ListingWizardStepSchema.nullable(),
  /** My Listings: the listing reaches the user through a team (issue #16); whose it is. */
  team: TeamMarkSchema.nullable().optional(),
  /** My Listings: how many offers the seller side has received (shared ones, any status). */
  offerCount: z.number().int().nonnegative().optional(),
})
export type ListingSummary = z.infer<typeof ListingSummarySchema>

export { pageOf } from './paging'
export type { Page } from './paging'
