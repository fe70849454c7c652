import { Suspense, useState } from 'react'
import { Badge, Button, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core'
import { ChoiceSwitch } from '../../../../shared/ui/choice-switch'
import { IconHomePlus } from '@tabler/icons-react'
import { Pager } from '../../../../shared/ui/pager'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link, useSearchParams } from '../../../../shared/navigation'
import { CenteredLoader } from '../../../../shared/ui/centered-loader'
import { LoadFailedAlert } from '../../../../shared/ui/load-failed-alert'
import { SearchInput } from '../../../../shared/ui/search-input'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useDrawnLater } from '../../../../shared/use-drawn-later'
import { myListingsScreenQuery, useMyListingCounts, useMyListings } from '../../api/my-listings'
import { listStateOf, MY_LISTINGS_PAGE_SIZE, myListingsParamsOf } from '../../api/my-listings-screen'
import { MyListingCard } from './my-listing-card'
import { FIRST_SCREEN_CARDS } from '../../../../shared/ui/card-photo'
import type { MyListingsView } from './my-listings-view'
import { MY_LISTINGS_VIEWS, readMyListingsView, writeMyListingsView } from './my-listings-view'
import type { StatusGroup } from './status-options'
import { isStatusGroup, STATUS_GROUP_NAMES, STATUS_GROUPS } from './status-options'
import { lazyPart } from '../../../../shared/lazy-part'

// The table view (Mantine's Table with its scroll area, which brings floating-ui) is a chunk of its
// own: the cards, the default, render without it; choosing the table, or pointing at the switch,
// loads it.
const loadTable = () => import('./my-listings-table')
const MyListingsTable = lazyPart(() => loadTable().then((module) => ({ default: module.MyListingsTable })))

/** What the address bar holds, so a reload or Back shows the same search, tab and page. */
function useListState() {
  const [params, setParams] = useSearchParams()
  const { group, q, page } = listStateOf(params)

  const update = (change: { group?: StatusGroup; q?: string; page?: number }) => {
    const next = { group, q, page, ...change }
    const search = new URLSearchParams()
    if (next.q) search.set('q', next.q)
    if (next.group !== 'all') search.set('status', next.group)
    if (next.page > 1) search.set('page', String(next.page))
    setParams(search, { replace: true })
  }
  return { group, q, page, update }
}

function Results({ group, q, page, view, canAddListings, onPage, onShowAll }: { group: StatusGroup; q: string; page: number; view: MyListingsView; canAddListings: boolean; onPage: (page: number) => void; onShowAll: () => void }) {
  const { t } = useTranslation()
  const listings = useMyListings({ q, status: STATUS_GROUPS[group], page, pageSize: MY_LISTINGS_PAGE_SIZE })

  if (listings.isPending) return <CenteredLoader />
  if (listings.isError) {
    return <LoadFailedAlert title={t('manage.list.loadFailed')} error={listings.error} onRetry={() => void listings.refetch()} />
  }

  const { items, total } = listings.data
  if (items.length === 0 && q === '' && group === 'all' && page === 1) {
    return (
      <Stack align="center" gap="sm" py="xl" ta="center">
        <Title order={2} size="h3">
          {t('manage.list.emptyTitle')}
        </Title>
        <Text>{canAddListings ? t('manage.list.emptyAdd') : t('manage.list.emptyNoAdd')}</Text>
        {canAddListings && (
          <Button component={Link} to="/add-listing" leftSection={<IconHomePlus size={18} aria-hidden />}>
            {t('manage.list.add')}
          </Button>
        )}
      </Stack>
    )
  }
  if (items.length === 0) {
    return (
      <Stack align="center" gap="sm" py="xl" ta="center">
        <Text role="status">{t('manage.list.noMatches')}</Text>
        <Button variant="default" onClick={onShowAll}>
          {t('manage.list.showAll')}
        </Button>
      </Stack>
    )
  }

  const pages = Math.ceil(total / MY_LISTINGS_PAGE_SIZE)
  return (
    <Stack gap="md" style={{ opacity: listings.isPlaceholderData ? 0.6 : 1 }} aria-busy={listings.isFetching}>
      <Text size="sm" role="status">
        {t('manage.list.total', { count: total })}
      </Text>
      {view === 'table' ? (
        <Suspense fallback={<CenteredLoader />}>
          <MyListingsTable items={items} />
        </Suspense>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map((listing, index) => (
            <MyListingCard key={listing.id} listing={listing} firstScreen={index < FIRST_SCREEN_CARDS} />
          ))}
        </SimpleGrid>
      )}
      <Pager pages={pages} page={page} onPage={onPage} label={t('manage.list.pagination')} />
    </Stack>
  )
}

/**
 * /my-properties/list: the listings the user manages, by status, searchable, a page at a time. The
 * first screen (the list and every tab's count) comes from one answer; the parts read what it wrote,
 * and a failed answer leaves them to ask on their own, with their own messages and Retry.
 */
export function MyListings({ canAddListings }: { canAddListings: boolean }) {
  const queryClient = useQueryClient()
  const [search] = useSearchParams()
  const [first] = useState(() => myListingsParamsOf(search))
  const screen = useQuery(myListingsScreenQuery(queryClient, first))
  const drawn = useDrawnLater(!screen.isPending)
  if (screen.isPending || !drawn) return <CenteredLoader />
  return <MyListingsScreen canAddListings={canAddListings} />
}

function MyListingsScreen({ canAddListings }: { canAddListings: boolean }) {
  const { t } = useTranslation()
  const { group, q, page, update } = useListState()
  const [text, setText] = useState(q)
  const [view, setView] = useState<MyListingsView>(readMyListingsView)
  const counts = useMyListingCounts(
    STATUS_GROUP_NAMES.map((name) => STATUS_GROUPS[name]),
    q,
  )

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('manage.list.title')}</Title>
          <Text>{t('manage.list.intro')}</Text>
        </Stack>
        {canAddListings && (
          <Button component={Link} to="/add-listing" leftSection={<IconHomePlus size={18} aria-hidden />}>
            {t('manage.list.add')}
          </Button>
        )}
      </Group>

      <Group align="flex-end" justify="space-between" gap="md">
        <div style={{ flex: '1 1 18rem' }}>
          <SearchInput
            label={t('manage.list.searchLabel')}
            placeholder={t('manage.list.searchPlaceholder')}
            value={text}
            onChange={setText}
            onSearch={(value) => update({ q: value.trim(), page: 1 })}
          />
        </div>
        <ChoiceSwitch
          aria-label={t('manage.list.viewLabel')}
          value={view}
          onChange={(value) => {
            const chosen = MY_LISTINGS_VIEWS.find((name) => name === value)
            if (!chosen) return
            setView(chosen)
            writeMyListingsView(chosen)
          }}
          data={MY_LISTINGS_VIEWS.map((name) => ({ value: name, label: t(`manage.list.view.${name}`) }))}
          onPointerEnter={() => void loadTable()}
          onFocus={() => void loadTable()}
        />
      </Group>

      <Tabs value={group} onChange={(value) => isStatusGroup(value) && update({ group: value, page: 1 })} keepMounted={false}>
        <Tabs.List aria-label={t('manage.list.groupsLabel')}>
          {STATUS_GROUP_NAMES.map((name, index) => (
            <Tabs.Tab
              key={name}
              value={name}
              rightSection={
                counts[index] !== undefined ? (
                  <Badge size="sm" variant="filled" color="gray.7" aria-hidden>
                    {counts[index]}
                  </Badge>
                ) : undefined
              }
              aria-label={counts[index] !== undefined ? `${t(`manage.list.group.${name}`)} (${counts[index]})` : undefined}
            >
              {t(`manage.list.group.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {STATUS_GROUP_NAMES.map((name) => (
          <Tabs.Panel key={name} value={name} pt="md">
            {name === group && (
              <Results
                group={group}
                q={q}
                page={page}
                view={view}
                canAddListings={canAddListings}
                onPage={(next) => update({ page: next })}
                onShowAll={() => {
                  setText('')
                  update({ q: '', group: 'all', page: 1 })
                }}
              />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  )
}
