/**
 * A listing, named after the RESO Data Dictionary 2.0 wherever it has a name (../shared/domain.md
 * section 3), so a RESO feed or file maps onto it field for field. Names of our own (the offer
 * deadline, visibility, the seller's weights ...) are camelCase. Each concern has its file; this
 * one is the `@offerbook/domain/listing` entry point the apps import.
 */
export * from './listing-enums'
export * from './listing-fields'
export * from './listing-settings'
export * from './listing-views'
export * from './listing-search'
