import type { ReactNode } from 'react'
import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import type { PublicListing } from '@offerbook/domain/listing'
import { useProperty } from '../../features/property/api/properties'
import { formatPrice, roomsAndArea } from '../../features/property/format'
import { useDocumentMeta } from '../../features/property/use-document-meta'
import { ApiClientError } from '../../shared/api-client'
import { errorText } from '../../shared/i18n/messages'
import { Link } from '../../shared/navigation'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { RetryAlert } from '../../shared/ui/retry-alert'

const DESCRIPTION_LENGTH = 160

/** '$450,000 · 3 beds · 2 baths · 1,850 sq ft. The start of the description…', at most 160 characters. */
function describe(listing: PublicListing, language: string, t: Parameters<typeof formatPrice>[2]): string {
  const summary = [formatPrice(listing.ListPrice, language, t), roomsAndArea(listing, language, t)].filter(Boolean).join(' · ')
  const remarks = listing.PublicRemarks?.replace(/\s+/g, ' ').trim()
  const text = remarks ? `${summary}. ${remarks}` : summary
  return text.length > DESCRIPTION_LENGTH ? `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : text
}

/**
 * Loads the listing of /property/{id} and names the tab after it; while it loads, or when it is gone
 * or cannot be read, says so. Both property pages (the visitor's and the whole app's) draw the listing.
 */
export function PropertyLoader({ id, children }: { id: string; children: (listing: PublicListing) => ReactNode }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const property = useProperty(id)
  const listing = property.data
  useDocumentMeta(
    listing ? `${listing.UnparsedAddress || t('listing.noAddress')} | Offerbook` : null,
    listing ? describe(listing, language, t) : null,
  )

  if (property.isPending) return <CenteredLoader />
  if (property.isError) {
    // An id that cannot be a listing's is as absent as one that is gone.
    if (property.error instanceof ApiClientError && (property.error.status === 404 || property.error.status === 400)) {
      return (
        <Center mih="50vh">
          <Stack align="center" maw={480} ta="center">
            <Title order={1}>{t('property.notFound.title')}</Title>
            <Text>{t('property.notFound.body')}</Text>
            <Button component={Link} to="/listings">
              {t('property.notFound.search')}
            </Button>
          </Stack>
        </Center>
      )
    }
    return <RetryAlert message={errorText(property.error)} onRetry={() => void property.refetch()} />
  }
  return children(property.data)
}
