import { PropertyDetails } from '../../features/property/components/property-details'
import type { PageProps } from '../page-props'
import { PropertyLoader } from './property-loader'

/**
 * /property/{id} for a visitor, in the public shell: the listing, and 'Sign in to make an offer'.
 * Signed in, the whole app's property page (property-page.tsx) adds the offer, share and contact actions.
 */
export default function VisitorPropertyPage({ params }: PageProps) {
  return <PropertyLoader id={params.id ?? ''}>{(listing) => <PropertyDetails listing={listing} canMakeOffers={null} onMakeOffer={async () => {}} />}</PropertyLoader>
}
