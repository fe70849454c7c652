import { LISTING_CREATOR_ROLES } from '@offerbook/domain/listing-manage-values'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { myListingsScreenQuery } from '../../features/listings/api/my-listings'
import { PRELOAD } from '../../shared/api-client'
import { MyListings, myListingsParamsOf } from '../../features/listings/components/manage/my-listings'
import type { ScreenContext } from '../page-props'

/** /my-properties/list. The guard has loaded the user; a SELLER_SIMPLE manages listings but may not add them. */
export default function MyPropertiesListPage() {
  const me = useCurrentUser()
  const roles = me.data?.roles ?? []
  const canAddListings = roles.some((role) => (LISTING_CREATOR_ROLES as readonly string[]).includes(role))
  return <MyListings canAddListings={canAddListings} />
}

/** The first screen's one answer, asked as the chunk arrives (decision 076). */
export function preloadScreen({ queryClient, search }: ScreenContext): void {
  void queryClient.prefetchQuery(myListingsScreenQuery(queryClient, myListingsParamsOf(search), PRELOAD))
}
