import { Badge, Button, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { IconHomeSearch } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link } from '../../../../shared/navigation'
import type { MyOffersPage } from '@offerbook/domain/offer'
import type { OfferTab } from '@offerbook/domain/offer-status'
import { isOfferTab, OFFER_TABS } from '@offerbook/domain/offer-status'
import { CenteredLoader } from '../../../../shared/ui/centered-loader'
import { LoadFailedAlert } from '../../../../shared/ui/load-failed-alert'
import { myOffersQuery } from '../../api/offers'
import { MyOfferCard } from './my-offer-card'
import { FIRST_SCREEN_CARDS } from '../../../../shared/ui/card-photo'
import { Pager } from '../../../../shared/ui/pager'

export type MyOffersProps = {
  tab: OfferTab
  page: number
  onTab: (tab: OfferTab) => void
  onPage: (page: number) => void
}

function Results({ tab, page, query, onPage }: { tab: OfferTab; page: number; query: ReturnType<typeof useMyOffersQuery>; onPage: (page: number) => void }) {
  const { t } = useTranslation()

  if (query.isPending || (query.isPlaceholderData && query.isFetching)) return <CenteredLoader />
  if (query.isError) {
    return <LoadFailedAlert title={t('offerView.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
  }

  const { items, total, pageSize } = query.data
  if (items.length === 0) {
    return (
      <Stack align="center" gap="sm" py="xl" ta="center">
        <Title order={2} size="h3">
          {t(`offerView.list.empty.${tab}`)}
        </Title>
        <Text>{t('offerView.list.emptyHint')}</Text>
        <Button component={Link} to="/listings" leftSection={<IconHomeSearch size={18} aria-hidden />}>
          {t('offerView.list.browse')}
        </Button>
      </Stack>
    )
  }

  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <Stack gap="md">
      <Text size="sm" role="status">
        {t('offerView.list.total', { count: total })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {items.map((offer, index) => (
          <MyOfferCard key={offer.id} offer={offer} firstScreen={index < FIRST_SCREEN_CARDS} />
        ))}
      </SimpleGrid>
      <Pager pages={pages} page={page} onPage={onPage} label={t('offerView.list.pagination')} />
    </Stack>
  )
}

function useMyOffersQuery(tab: OfferTab, page: number) {
  // The previous answer stays while the next loads, so the tab counts do not blink.
  return useQuery({ ...myOffersQuery(tab, page), placeholderData: keepPreviousData })
}

/** /submitted-offers/{status}: the buyer side's offers by tab, with counts, a page at a time. */
export function MyOffers({ tab, page, onTab, onPage }: MyOffersProps) {
  const { t } = useTranslation()
  const query = useMyOffersQuery(tab, page)
  const counts: MyOffersPage['counts'] | undefined = query.data?.counts

  return (
    <Tabs value={tab} onChange={(value) => isOfferTab(value) && onTab(value)} keepMounted={false}>
      <Tabs.List aria-label={t('offerView.list.tabsLabel')}>
        {OFFER_TABS.map((name) => (
          <Tabs.Tab
            key={name}
            value={name}
            rightSection={
              counts ? (
                <Badge size="sm" variant="filled" color="gray.7" aria-hidden data-testid={`count-${name}`}>
                  {counts[name]}
                </Badge>
              ) : undefined
            }
            aria-label={counts ? `${t(`offer.tab.${name}`)} (${counts[name]})` : undefined}
          >
            {t(`offer.tab.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {OFFER_TABS.map((name) => (
        <Tabs.Panel key={name} value={name} pt="md">
          {name === tab && <Results tab={tab} page={page} query={query} onPage={onPage} />}
        </Tabs.Panel>
      ))}
    </Tabs>
  )
}
