import type { ComponentType } from 'react'
import type { PageProps } from './page-props'

export type PageModule = { default: ComponentType<PageProps> }
export type PageLoader = () => Promise<PageModule>

const offersOptimized: PageLoader = () => import('./routes/offers-optimized-page')
const placeholder: PageLoader = () => import('./routes/placeholder-page')

/** Each page is its own chunk; a route without an entry here gets the placeholder page. */
const PAGE_MODULES: Readonly<Record<string, PageLoader>> = {
  home: () => import('./routes/home-page'),
  'how-it-works': () => import('./routes/how-it-works-page'),
  'about-us': () => import('./routes/about-us-page'),
  'offers-optimized': offersOptimized,
  'auth-offers-optimized': offersOptimized,
  'the-team': () => import('./routes/the-team-page'),
  terms: () => import('./routes/terms-page'),
  boilerplate: () => import('./routes/boilerplate-page'),
  'auth-how-it-works': () => import('./routes/auth-how-it-works-page'),
  'auth-faq': () => import('./routes/faq-page'),
  dashboard: () => import('./routes/dashboard-page'),
  'pb-dashboard': () => import('./routes/pb-dashboard-page'),
  'sign-in': () => import('./routes/sign-in-page'),
  'sign-up': () => import('./routes/sign-up-page'),
  recovery: () => import('./routes/recovery-page'),
  'onboarding-step': () => import('./routes/onboarding-page'),
  profile: () => import('./routes/profile-page'),
  'admin-users': () => import('./routes/admin-users-page'),
  analytics: () => import('./routes/analytics-page'),
  'admin-inactive-users': () => import('./routes/admin-inactive-users-page'),
  'admin-firebase': () => import('./routes/admin-firebase-page'),
  'admin-sealing': () => import('./routes/admin-sealing-page'),
  'admin-import-users': () => import('./routes/admin-import-users-page'),
  'admin-mls-grid-listing': () => import('./routes/admin-mls-grid-listing-page'),
  'admin-jobs': () => import('./routes/admin-jobs-page'),
  listings: () => import('./routes/listings-page'),
  property: () => import('./routes/property-page'),
  'add-listing': () => import('./routes/add-listing-page'),
  'add-listing-new-step': () => import('./routes/add-listing-new-page'),
  'add-listing-import-step': () => import('./routes/add-listing-import-page'),
  'my-properties-list': () => import('./routes/my-properties-list-page'),
  'my-property-edit-listing': () => import('./routes/my-property-page'),
  'my-property-weighting': () => import('./routes/my-property-page'),
  'my-property-settings': () => import('./routes/my-property-page'),
  'submitted-offer-update': () => import('./routes/submitted-offer-update-page'),
  'submitted-offers-status': () => import('./routes/submitted-offers-page'),
  'property-offer': () => import('./routes/property-offer-page'),
  'notifications-type': () => import('./routes/notifications-page'),
  'notifications-messages': () => import('./routes/notifications-page'),
  'my-property-offer': () => import('./routes/my-property-offer-page'),
  'my-property-accept-offer': () => import('./routes/my-property-offer-page'),
  'my-property-optimize': () => import('./routes/my-property-optimize-page'),
  'offer-record': () => import('./routes/offer-record-page'),
  sign: () => import('./routes/sign-page'),
  'form-sign': () => import('./routes/sign-page'),
  verify: () => import('./routes/verify-page'),
  unsubscribe: () => import('./routes/unsubscribe-page'),
  'manage-team': () => import('./routes/manage-team-page'),
  review: () => import('./routes/review-page'),
  'team-invitation': () => import('./routes/team-invitation-page'),
  'earnest-money-attest': () => import('./routes/earnest-money-attest-page'),
  'trust-log': () => import('./routes/trust-log-page'),
  'not-found': () => import('./routes/not-found-page'),
  'brand-guide': () => import('./routes/brand-guide-page'),
  'kitchen-sink': () => import('./routes/kitchen-sink-page'),
}

/** Whether a route has a page of its own; the others show what will be there (`soon.<name>`). */
export function hasOwnPage(routeName: string): boolean {
  return routeName in PAGE_MODULES
}

export function pageLoaderFor(routeName: string): PageLoader {
  return PAGE_MODULES[routeName] ?? placeholder
}
