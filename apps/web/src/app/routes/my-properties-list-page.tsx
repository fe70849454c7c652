import { LISTING_CREATOR_ROLES } from '@offerbook/domain/listing-manage-values'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { MyListings } from '../../features/listings/components/manage/my-listings'

/** /my-properties/list. The guard has loaded the user; a SELLER_SIMPLE manages listings but may not add them. */
export default function MyPropertiesListPage() {
  const me = useCurrentUser()
  const roles = me.data?.roles ?? []
  const canAddListings = roles.some((role) => (LISTING_CREATOR_ROLES as readonly string[]).includes(role))
  return <MyListings canAddListings={canAddListings} />
}
