import { Navigate, useSearchParams } from '../../shared/navigation'
import { isListingImportStep, listingImportPath } from '@offerbook/domain/listing-import'
import { ImportWizard } from '../../features/listing-import/components/import-wizard'
import type { PageProps } from '../page-props'
import { AddListingGate } from './add-listing-gate'

/** /add-listing/import/{step}: importing an agent's listings from the MLS feed or a RESO JSON file. */
export default function AddListingImportPage({ params }: PageProps) {
  const [search] = useSearchParams()
  const step = params.step ?? ''
  if (!isListingImportStep(step)) return <Navigate replace to={listingImportPath('list')} />
  return (
    <AddListingGate>
      <ImportWizard step={step} jobId={search.get('job')} />
    </AddListingGate>
  )
}
