import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconEye, IconEyeOff, IconLink } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link } from '../../../../shared/navigation'
import type { ListingSummary, ListingVisibility } from '@offerbook/domain/listing'
import { formatMoney } from '../../../../shared/money'
import { ExpirationCountdown } from '../../../../shared/ui/expiration-countdown'
import { TeamBadge } from '../../../../shared/ui/team-badge'
import { continueDraftPath, myPropertyPath } from './listing-links'
import { ListingStatusBadge } from './listing-status-badge'
import { CardPhoto } from '../../../../shared/ui/card-photo'
import { numberFormat } from '@offerbook/domain/intl-formats'

const VISIBILITY_ICONS: Record<ListingVisibility, typeof IconEye> = { public: IconEye, unlisted: IconLink, private: IconEyeOff }

/** Who finds the listing; a draft, whatever its setting, is seen by no one else until it is published. */
export function ListingVisibilityText({ visibility, draft = false }: { visibility: ListingVisibility; draft?: boolean }) {
  const { t } = useTranslation()
  const Icon = draft ? IconEyeOff : VISIBILITY_ICONS[visibility]
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={16} aria-hidden />
      <Text size="sm">{draft ? t('listing.visibility.draft') : t(`listing.visibility.${visibility}`)}</Text>
    </Group>
  )
}

/** One listing of /my-properties/list: photo, address, price, status, visibility, deadline and what to do next. */
export function MyListingCard({ listing, firstScreen = false }: { listing: ListingSummary; firstScreen?: boolean }) {
  const { t, i18n } = useTranslation()
  const titleId = useId()
  const draft = listing.StandardStatus === 'Incomplete'
  const address = listing.UnparsedAddress.trim() || t('listing.noAddress')
  const facts = [
    listing.BedroomsTotal !== null ? t('listing.unit.beds', { count: listing.BedroomsTotal }) : null,
    listing.BathroomsTotalInteger !== null ? t('listing.unit.baths', { count: listing.BathroomsTotalInteger }) : null,
    listing.LivingArea !== null ? t('listing.unit.sqft', { value: numberFormat(i18n.language).format(listing.LivingArea) }) : null,
  ].filter(Boolean)

  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId} data-listing-id={listing.id}>
      <CardPhoto src={listing.primaryPhotoURL} alt={t('manage.list.photoOf', { address })} ratio={4 / 3} noPhoto={t('listing.noPhoto')} firstScreen={firstScreen} />

      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs">
          <ListingStatusBadge status={listing.StandardStatus} />
          {listing.ListingId && (
            <Text size="xs">
              {t('listing.field.ListingId')}: {listing.ListingId}
            </Text>
          )}
        </Group>
        <Title order={2} size="h4" id={titleId}>
          {address}
        </Title>
        <Text fw={700} size="lg">
          {listing.ListPrice !== null ? formatMoney(listing.ListPrice, i18n.language) : t('manage.list.noPrice')}
        </Text>
        {facts.length > 0 && <Text size="sm">{facts.join(' · ')}</Text>}
        {!draft && listing.offerCount !== undefined && (
          <Text size="sm" fw={600} data-testid="listing-offer-count">
            {t('manage.list.offers', { count: listing.offerCount })}
          </Text>
        )}
        <ListingVisibilityText visibility={listing.visibility} draft={draft} />
        <TeamBadge team={listing.team} />
        {listing.offerDeadline && (
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {t('manage.list.offerDeadline')}:
            </Text>
            <ExpirationCountdown expiresAt={listing.offerDeadline} />
          </Group>
        )}
        {draft && <Text size="sm">{t('manage.list.draft')}</Text>}
      </Stack>

      <Group mt="md" gap="sm">
        {draft && (
          <Button component={Link} to={continueDraftPath(listing)} aria-label={t('manage.list.continueLabel', { address })}>
            {t('manage.list.continue')}
          </Button>
        )}
        <Button component={Link} to={myPropertyPath(listing.id)} variant={draft ? 'default' : 'filled'} aria-label={t('manage.list.manageLabel', { address })}>
          {t('manage.list.manage')}
        </Button>
      </Group>
    </Card>
  )
}
