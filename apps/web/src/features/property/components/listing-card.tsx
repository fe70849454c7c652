import { AspectRatio, Card, Center, Group, Skeleton, Stack, Text } from '@mantine/core'
import { IconPhotoOff } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link } from '../../../shared/navigation'
import type { ListingSummary } from '@offerbook/domain/listing'
import { photoSrcSet, photoVariantUrl } from '@offerbook/domain/photo-variants'
import { formatPrice, roomsAndArea } from '../format'
import { StatusBadge } from './status-badge'

const PHOTO_RATIO = 4 / 3

/**
 * One search result: the primary photo, price, rooms and area, address and status; opens /property/{id}.
 * The photos of the first row (`first`) load at once, the very first one before the others: on a
 * phone it is the page's largest paint. The rest wait until they near the screen.
 */
export function ListingCard({ listing, first = 'no' }: { listing: ListingSummary; first?: 'lead' | 'row' | 'no' }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const facts = roomsAndArea(listing, language, t)

  return (
    <Card component={Link} to={`/property/${encodeURIComponent(listing.id)}`} withBorder padding="sm" radius="md" data-testid="listing-card">
      <Card.Section>
        {/* The box keeps its size before the photo arrives, so the grid does not jump. */}
        <AspectRatio ratio={PHOTO_RATIO}>
          {listing.primaryPhotoURL ? (
            <img
              src={photoVariantUrl(listing.primaryPhotoURL, 640)}
              srcSet={photoSrcSet(listing.primaryPhotoURL)}
              sizes="(min-width: 75em) 300px, (min-width: 48em) 45vw, 100vw"
              alt=""
              loading={first === 'no' ? 'lazy' : undefined}
              fetchPriority={first === 'lead' ? 'high' : undefined}
              decoding="async"
              width={400}
              height={300}
              style={{ objectFit: 'cover' }}
            />
          ) : (
            <Center bg="gray.1">
              <Stack align="center" gap={4}>
                <IconPhotoOff size={28} aria-hidden color="var(--mantine-color-gray-6)" />
                <Text size="sm" c="gray.7">
                  {t('listing.noPhoto')}
                </Text>
              </Stack>
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} size="lg">
            {formatPrice(listing.ListPrice, language, t)}
          </Text>
          <StatusBadge status={listing.StandardStatus} size="sm" />
        </Group>
        {facts ? <Text size="sm">{facts}</Text> : null}
        <Text size="sm" c="gray.7" lineClamp={2}>
          {listing.UnparsedAddress || t('listing.noAddress')}
        </Text>
      </Stack>
    </Card>
  )
}

/** A card's shape while results load. */
export function ListingCardSkeleton() {
  return (
    <Card withBorder padding="sm" radius="md" aria-hidden>
      <Card.Section>
        <AspectRatio ratio={PHOTO_RATIO}>
          <Skeleton radius={0} />
        </AspectRatio>
      </Card.Section>
      <Stack gap={8} mt="sm">
        <Skeleton height={22} width="50%" />
        <Skeleton height={14} width="70%" />
        <Skeleton height={14} width="90%" />
      </Stack>
    </Card>
  )
}
