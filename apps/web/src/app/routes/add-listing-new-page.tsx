import { ListingWizard } from '../../features/listings/components/wizard/listing-wizard'
import type { PageProps } from '../page-props'
import { AddListingGate } from './add-listing-gate'

/** /add-listing/new/{step}?id=<draft>. */
export default function AddListingNewPage({ params }: PageProps) {
  return (
    <AddListingGate>
      <ListingWizard step={params.step} />
    </AddListingGate>
  )
}
