import { describe, expect, it } from 'vitest'
import { LISTING_CREATOR_ROLES, LISTING_IMPORTER_ROLES, LISTING_MANAGER_ROLES } from './listing'
import { OFFER_MAKER_ROLES } from './offer'
import { PAGE_ROLES, pageRoles } from './roles'
import { routeByName } from './route-access'

describe('the role table', () => {
  it('is the one the web guards read', () => {
    expect(routeByName('notifications-type').access).toBe(PAGE_ROLES.notifications)
    expect(routeByName('submitted-offers-status').access).toBe(PAGE_ROLES.submittedOffers)
    expect(routeByName('my-properties-list').access).toBe(PAGE_ROLES.myProperties)
    expect(routeByName('add-listing-new-step').access).toBe(PAGE_ROLES.addListing)
    expect(routeByName('add-listing-import-step').access).toBe(PAGE_ROLES.importListings)
    expect(routeByName('admin-users').access).toBe(PAGE_ROLES.admin)
    expect(routeByName('admin-firebase').access).toBe(PAGE_ROLES.superAdmin)
  })

  it('is the one the listing and offer rules name', () => {
    expect(LISTING_CREATOR_ROLES).toBe(PAGE_ROLES.addListing)
    expect(LISTING_IMPORTER_ROLES).toBe(PAGE_ROLES.importListings)
    expect(LISTING_MANAGER_ROLES).toBe(PAGE_ROLES.myProperties)
    expect(OFFER_MAKER_ROLES).toBe(PAGE_ROLES.submittedOffers)
  })

  it('joins the roles of several pages for an endpoint they share', () => {
    expect(pageRoles('submittedOffers', 'myProperties')).toEqual(['SELLER_SIMPLE', 'SELLER_OWNER', 'SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT'])
    expect(pageRoles('addListing', 'myProperties')).toEqual(['SELLER_SIMPLE', 'SELLER_OWNER', 'SELLER_AGENT', 'BUYER_AGENT'])
    expect(pageRoles('admin')).toEqual(['ADMIN', 'SUPER_ADMIN'])
    expect(pageRoles()).toEqual([])
  })
})
