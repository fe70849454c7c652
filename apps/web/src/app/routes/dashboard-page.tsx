import { useEffect, useMemo } from 'react'
import { Anchor, Box, Stack, Text, Title } from '@mantine/core'
import { useQueries } from '@tanstack/react-query'
import { useTranslation } from '../../shared/i18n/translation'
import { Link } from '../../shared/navigation'
import { dashboardSectionOrder } from '@offerbook/domain/dashboard-values'
import { decideAccess, routeByName } from '@offerbook/domain/route-access'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { useUiMode } from '../../features/auth/api/ui-mode'
import { useDashboard, useDashboardLiveUpdates } from '../../features/dashboard/api/dashboard'
import type { NewHomesGroup } from '../../features/dashboard/components/next-actions'
import { NextActions } from '../../features/dashboard/components/next-actions'
import { searchListings } from '../../features/property/api/properties'
import { apiQueryOf, searchStateFromParams } from '../../features/property/search-state'
import { markSearchSeen, readRecentSearches } from '../../shared/recent-searches'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { useDrawnLater } from '../../shared/use-drawn-later'
import { LoadFailedAlert } from '../../shared/ui/load-failed-alert'

/** Homes shown per followed search: the newest few. */
const HOMES_PER_SEARCH = 3

/**
 * The newest homes of each of the last searches of /listings (kept in this browser), asked of GET
 * /api/properties sorted newest first; a home the dashboard did not show before for that search is new.
 */
function useNewHomes(): NewHomesGroup[] {
  const { t } = useTranslation()
  // Read once per visit: the ids noted below must not turn this visit's new homes into old ones.
  const searches = useMemo(() => readRecentSearches(), [])
  const results = useQueries({
    queries: searches.map((search) => {
      const query = apiQueryOf({ ...searchStateFromParams(new URLSearchParams(search.query)), sort: 'newest', page: 1 }, HOMES_PER_SEARCH)
      return { queryKey: ['properties', 'search', query], queryFn: ({ signal }: { signal: AbortSignal }) => searchListings(query, signal) }
    }),
  })
  const groups = searches.map((search, index): NewHomesGroup => {
    const result = results[index]
    const state = result?.data ? 'ready' : result?.isError ? 'error' : 'loading'
    const q = new URLSearchParams(search.query).get('q')?.trim()
    return {
      query: search.query,
      label: q || t('dashboard.anySearch'),
      href: `/listings?${search.query}`,
      state,
      homes: (result?.data?.items ?? []).map((home) => ({ id: home.id, address: home.UnparsedAddress, price: home.ListPrice, isNew: !search.seen.includes(home.id) })),
    }
  })
  const shown = groups.map((group) => (group.state === 'ready' ? group.homes.map((home) => home.id).join(',') : '')).join('|')
  useEffect(() => {
    for (const group of groups) if (group.state === 'ready') markSearchSeen(group.query, group.homes.map((home) => home.id))
    // Noted once per answer; `groups` is a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown])
  return groups
}

/** /dashboard (issue #16): what this user should do next, ordered for buying or selling. */
export default function DashboardPage() {
  const { t } = useTranslation()
  const { data: user } = useCurrentUser()
  const mode = useUiMode()
  const dashboard = useDashboard()
  const drawn = useDrawnLater(!dashboard.isPending)
  const newHomes = useNewHomes()
  useDashboardLiveUpdates()

  const data = dashboard.data
  const nothingToDo = data !== undefined && data.drafts.length + data.offersToAnswer.length + data.documentsToSign.length + data.deadlines.length === 0

  return (
    <Stack gap="xl">
      <Box py="md">
        <Title order={1}>{t('marketing.dashboard.title')}</Title>
        {user && (
          <Text size="xl" fw={600} mt="xs">
            {t('marketing.dashboard.greeting', { name: user.name })}
          </Text>
        )}
        <Text size="lg" c="gray.7" mt="xs" maw={720}>
          {t(mode === 'sell' ? 'dashboard.leadSell' : 'dashboard.leadBuy')}
        </Text>
        {user && decideAccess(routeByName('pb-dashboard'), user.roles) === 'allow' && (
          <Anchor component={Link} to={routeByName('pb-dashboard').path} mt="sm" display="inline-block">
            {t('dashboard.seePipeline')}
          </Anchor>
        )}
      </Box>
      {dashboard.isPending || !drawn ? (
        <CenteredLoader label={t('dashboard.loading')} />
      ) : dashboard.isError ? (
        <LoadFailedAlert title={t('dashboard.loadFailed')} error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <Stack gap="lg">
          {nothingToDo && (
            <Text role="status" size="lg">
              {t('dashboard.allDone')}
            </Text>
          )}
          <NextActions dashboard={dashboard.data} order={dashboardSectionOrder(mode)} newHomes={newHomes} />
        </Stack>
      )}
    </Stack>
  )
}
