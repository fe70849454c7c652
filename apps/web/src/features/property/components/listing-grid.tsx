import { Box, SimpleGrid, VisuallyHidden } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { ListingSummary } from '@offerbook/domain/listing'
import { ListingCard, ListingCardSkeleton } from './listing-card'

/** Homes as cards, one to three a row (the home page's newest homes, the search's results). */
export const RESULT_COLUMNS = { base: 1, xs: 2, lg: 3 } as const

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

export function ListingGrid({ items }: { items: readonly ListingSummary[] }) {
  return (
    <SimpleGrid cols={RESULT_COLUMNS} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((listing) => (
        <li key={listing.id}>
          <ListingCard listing={listing} />
        </li>
      ))}
    </SimpleGrid>
  )
}

