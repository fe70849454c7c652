import { decideAccess, routeByName } from '@offerbook/domain/route-access'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { AddListingStart } from '../../features/listings/components/wizard/add-listing-start'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { AddListingGate } from './add-listing-gate'

/** /add-listing: the guard has loaded the user; importing is offered to the roles the import route admits. */
export default function AddListingPage() {
  const me = useCurrentUser()
  if (!me.data) return <CenteredLoader />
  const canImport = decideAccess(routeByName('add-listing-import-step'), me.data.roles) === 'allow'
  return (
    <AddListingGate>
      <AddListingStart canImport={canImport} />
    </AddListingGate>
  )
}
