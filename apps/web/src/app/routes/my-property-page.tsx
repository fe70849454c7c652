import { useEffect } from 'react'
import { Alert, Button, Stack, Tabs } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { Link, useLocation, useNavigate } from '../../shared/navigation'
import { ListingEditForm } from '../../features/listings/components/listing-edit-form'
import { useManagedListing } from '../../features/listings/api/listing'
import type { MyPropertyTab } from '../../features/listings/components/manage/listing-links'
import { MY_PROPERTY_TABS, myPropertyPath } from '../../features/listings/components/manage/listing-links'
import { MyPropertyHeader } from '../../features/listings/components/manage/my-property-header'
import { SettingsForm } from '../../features/listings/components/manage/settings-form'
import { ReadOnlyListing } from './my-property-read-only'
import { WeightingForm } from '../../features/listings/components/manage/weighting-form'
import { ApiClientError } from '../../shared/api-client'
import { errorMessage } from '../../shared/notify'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { PageNotice } from '../../shared/ui/page-notice'
import { RetryAlert } from '../../shared/ui/retry-alert'
import type { PageProps } from '../page-props'

const TABS_ID = 'my-property'

const isTab = (value: string | null): value is MyPropertyTab => MY_PROPERTY_TABS.some((name) => name === value)

const TAB_OF_ROUTE: Readonly<Record<string, MyPropertyTab>> = {
  'my-property-edit-listing': 'edit-listing',
  'my-property-weighting': 'weighting',
  'my-property-settings': 'settings',
}

function NotFound() {
  const { t } = useTranslation()
  return (
    <PageNotice title={t('manage.property.notFoundTitle')} message={t('manage.property.notFound')}>
      <Button component={Link} to="/my-properties/list" variant="default" w="fit-content">
        {t('manage.property.back')}
      </Button>
    </PageNotice>
  )
}

/**
 * /my-properties/{id}/edit-listing, /weighting and /settings: one page, its tab taken from the route.
 * The API decides who may manage the listing; a refusal (403) sends the browser Home.
 */
export default function MyPropertyPage({ route, params }: PageProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const id = params.id ?? ''
  const tab = TAB_OF_ROUTE[route.name] ?? 'edit-listing'
  const location = useLocation()
  const query = useManagedListing(id)
  const ready = query.isSuccess
  const cameByTab = (location.state as { fromTab?: boolean } | null)?.fromTab === true

  // Each tab is its own route, so the page is new after a tab change: give the focus back to the chosen tab.
  useEffect(() => {
    if (ready && cameByTab) document.getElementById(`${TABS_ID}-tab-${tab}`)?.focus()
  }, [ready, cameByTab, tab])

  if (query.isPending) return <CenteredLoader />
  if (query.isError) {
    if (query.error instanceof ApiClientError && query.error.status === 404) return <NotFound />
    if (query.error instanceof ApiClientError && query.error.status === 403) {
      return (
        <Alert color="red" role="alert">
          {errorMessage(query.error)}
        </Alert>
      )
    }
    return <RetryAlert message={`${t('manage.property.loadFailed')} ${errorMessage(query.error)}`} onRetry={() => void query.refetch()} />
  }

  const listing = query.data
  if (listing.readOnly) {
    return (
      <Stack gap="lg">
        <MyPropertyHeader listing={listing} />
        <ReadOnlyListing listingId={listing.id} />
      </Stack>
    )
  }
  return (
    <Stack gap="lg">
      <MyPropertyHeader listing={listing} />
      <Tabs
        id={TABS_ID}
        value={tab}
        onChange={(next) => {
          if (isTab(next) && next !== tab) void navigate(myPropertyPath(listing.id, next), { state: { fromTab: true } })
        }}
      >
        <Tabs.List aria-label={t('manage.property.tabsLabel')}>
          {MY_PROPERTY_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`manage.property.tab.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {MY_PROPERTY_TABS.map((name) => (
          <Tabs.Panel key={name} value={name} pt="lg">
            {name === tab && name === 'edit-listing' && <ListingEditForm listing={listing} />}
            {name === tab && name === 'weighting' && <WeightingForm listing={listing} />}
            {name === tab && name === 'settings' && <SettingsForm listing={listing} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  )
}
