import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconWorld } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link } from '../../../../shared/navigation'
import type { ManagedListing } from '@offerbook/domain/listing'
import { formatMoney } from '../../../../shared/money'
import { BackLink } from '../../../../shared/ui/back-link'
import { continueDraftPath, publicPropertyPath } from './listing-links'
import { ListingStatusBadge } from './listing-status-badge'
import { ListingVisibilityText } from './my-listing-card'

/** The top of /my-properties/{id}/*: which listing this is, its status, and where it shows to buyers. */
export function MyPropertyHeader({ listing }: { listing: ManagedListing }) {
  const { t, i18n } = useTranslation()
  const draft = listing.StandardStatus === 'Incomplete'
  const address = listing.UnparsedAddress.trim() || t('listing.noAddress')
  return (
    <Stack gap="sm">
      <BackLink to="/my-properties/list">{t('manage.property.back')}</BackLink>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6}>
          <Title order={1} size="h2">
            {address}
          </Title>
          <Group gap="md">
            <ListingStatusBadge status={listing.StandardStatus} size="lg" />
            {listing.ListPrice !== null && <Text fw={700}>{formatMoney(listing.ListPrice, i18n.language)}</Text>}
            <ListingVisibilityText visibility={listing.visibility} draft={draft} />
          </Group>
        </Stack>
        {draft ? (
          <Button component={Link} to={continueDraftPath(listing)}>
            {t('manage.property.continueDraft')}
          </Button>
        ) : (
          <Group gap="sm">
            {/* A reader through a brokerage sees the offers below the header, not on the answering page (decision 072). */}
            {!listing.readOnly && (
              <Button component={Link} to={`/my-properties/${encodeURIComponent(listing.id)}/optimize`} variant="default">
                {t('nav.offers')}
              </Button>
            )}
            <Button component={Link} to={publicPropertyPath(listing.id)} variant="default" leftSection={<IconWorld size={16} aria-hidden />}>
              {t('manage.property.viewPublic')}
            </Button>
          </Group>
        )}
      </Group>
      {draft && <Alert color="yellow">{t('manage.property.draftHint')}</Alert>}
    </Stack>
  )
}
