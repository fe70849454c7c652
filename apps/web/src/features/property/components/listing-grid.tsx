import { Box, SimpleGrid, VisuallyHidden } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { ListingSummary } from '@offerbook/domain/listing'
import { ListingCard, ListingCardSkeleton } from './listing-card'

/** Homes as cards, one to three a row (the home page's newest homes, the search's results). */
export const RESULT_COLUMNS = { base: 1, xs: 2, lg: 3 } as const
/** The widest row (RESULT_COLUMNS): its photos load at once. */
const FIRST_ROW = 3

export function ListingGridSkeleton({ count }: { count: number }) {
  const { t } = useTranslation()
  return (
    <Box role="status" aria-live="polite">
      <VisuallyHidden>{t('search.loading')}</VisuallyHidden>
      <SimpleGrid cols={RESULT_COLUMNS} spacing="md">
        {Array.from({ length: count }, (_, index) => (
          <ListingCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    </Box>
  )
}

/** `atTop`: the grid is the first thing the page shows (the search's results), so its first row's photos load at once. */
export function ListingGrid({ items, atTop = false }: { items: readonly ListingSummary[]; atTop?: boolean }) {
  return (
    <SimpleGrid cols={RESULT_COLUMNS} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard listing={listing} first={!atTop ? 'no' : index === 0 ? 'lead' : index < FIRST_ROW ? 'row' : 'no'} />
        </li>
      ))}
    </SimpleGrid>
  )
}

