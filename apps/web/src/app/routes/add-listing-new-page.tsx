import { ListingWizard } from '../../features/listings/components/wizard/listing-wizard'
import type { PageProps } from '../page-props'

/** /add-listing/new/{step}?id=<draft>. */
export default function AddListingNewPage({ params }: PageProps) {
  return <ListingWizard step={params.step} />
}
