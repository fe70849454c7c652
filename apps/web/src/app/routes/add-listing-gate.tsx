import type { ReactNode } from 'react'
import { Button } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { Link } from '../../shared/navigation'
import { decideAccess, routeByName } from '@offerbook/domain/route-access'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { translate } from '../../shared/i18n/messages'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { PageNotice } from '../../shared/ui/page-notice'

/**
 * Every /add-listing page: a user whose adding of listings is turned off (spec section 3,
 * isAddListingEnabled; an admin turns it on) is told so instead of starting a wizard the API refuses.
 */
export function AddListingGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const me = useCurrentUser()
  if (!me.data) return <CenteredLoader />
  if (me.data.isAddListingEnabled) return children
  const manages = decideAccess(routeByName('my-properties-list'), me.data.roles) === 'allow'
  return (
    <PageNotice title={t('wizard.disabled.title')} message={translate('listing.addListingDisabled')} tone="info">
      <Button component={Link} to={manages ? '/my-properties/list' : '/dashboard'} variant="default" w="fit-content">
        {manages ? t('wizard.disabled.myListings') : t('wizard.disabled.home')}
      </Button>
    </PageNotice>
  )
}
