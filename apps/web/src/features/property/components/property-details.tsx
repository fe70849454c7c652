import type { ReactNode } from 'react'
import { Anchor, Box, Button, Grid, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconEdit } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link } from '../../../shared/navigation'
import type { PublicListing } from '@offerbook/domain/listing'
import { ExpirationCountdown } from '../../../shared/ui/expiration-countdown'
import type { SendTarget } from '../../../shared/ui/person-card'
import { PersonCard } from '../../../shared/ui/person-card'
import { formatNumber, formatPrice } from '../format'
import type { YourOffer } from './make-offer'
import { MakeOffer } from './make-offer'
import { PhotoGallery } from './photo-gallery'
import { ShareHomeButton } from './share-home-button'
import { StatusBadge } from './status-badge'
import { formatZonedDateTime, propertyTimeZone } from '@offerbook/domain/property-time'

/** A home's page as a link to send. */
/** The home's address to share; on the server (the public page's first render) there is no origin yet, and the path stands in until the browser renders it. */
export const homeUrl = (id: string) => `${typeof window === 'undefined' ? '' : window.location.origin}/property/${encodeURIComponent(id)}`

/** Room kept below the page's end so the bar never covers its last lines. */
const BAR_ROOM = 132
const BAR_STYLE = { position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 150, borderTop: '1px solid var(--mantine-color-gray-3)' } as const

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Box>
  )
}

function Facts({ facts }: { facts: readonly { label: string; value: string }[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm" m={0}>
      {facts.map(({ label, value }) => (
        <div key={label}>
          <Text component="dt" size="sm" c="gray.7">
            {label}
          </Text>
          <Text component="dd" fw={600} m={0}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  )
}

/** Text as its author wrote it, line breaks kept. */
function Paragraphs({ text }: { text: string }) {
  return <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{text}</Text>
}

/** The public record that identifies the property (what the purchase agreement prints), the parts the listing gives. */
function PublicRecord({ items }: { items: readonly { label: string; value: string | null }[] }) {
  const given = items.filter((item): item is { label: string; value: string } => Boolean(item.value?.trim()))
  if (given.length === 0) return null
  return (
    <Stack component="dl" gap="xs" mt="sm" mb={0}>
      {given.map(({ label, value }) => (
        <div key={label}>
          <Text component="dt" size="sm" c="gray.7">
            {label}
          </Text>
          <Text component="dd" m={0} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </Stack>
  )
}

export type PropertyDetailsProps = {
  listing: PublicListing
  /** Whether the signed-in user's roles may make offers; null for visitors and while the account loads. */
  canMakeOffers: boolean | null
  /** The buyer's open offer on this home, if any (the page composes the offers feature). */
  yourOffer?: YourOffer | null
  /** Starts a draft offer on this listing and opens it (the page composes the offers feature). */
  onMakeOffer: () => Promise<void>
  /** Opens the Send dialog with this home's address and link; absent for visitors, who cannot send through Offerbook and share through their own apps instead. */
  onShare?: () => void
  /** Opens the Send dialog to the listing agent (the person card's email and SMS buttons). */
  onContactAgent?: (to: SendTarget) => void
}

/** Everything /property/{id} shows about one listing. */
export function PropertyDetails({ listing, canMakeOffers, yourOffer = null, onMakeOffer, onShare, onContactAgent }: PropertyDetailsProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const none = t('property.facts.none')
  const number = (value: number | null) => (value === null ? none : formatNumber(value, language))
  const address = listing.UnparsedAddress || t('listing.noAddress')
  const street = [[listing.StreetNumber, listing.StreetName, listing.StreetSuffix].filter(Boolean).join(' '), listing.UnitNumber ? `#${listing.UnitNumber}` : '']
    .filter(Boolean)
    .join(' ')
  const region = [listing.City, [listing.StateOrProvince, listing.PostalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')

  const facts = [
    { label: t('property.facts.beds'), value: number(listing.BedroomsTotal) },
    { label: t('property.facts.baths'), value: number(listing.BathroomsTotalInteger) },
    { label: t('property.facts.livingArea'), value: listing.LivingArea === null ? none : t('listing.unit.sqft', { value: formatNumber(listing.LivingArea, language) }) },
    { label: t('property.facts.lotSize'), value: listing.LotSizeAcres === null ? none : t('listing.unit.acres', { value: formatNumber(listing.LotSizeAcres, language) }) },
    // A year is not a quantity: no thousands separator.
    { label: t('listing.field.YearBuilt'), value: listing.YearBuilt === null ? none : String(listing.YearBuilt) },
    { label: t('listing.field.PropertyType'), value: listing.PropertyType ? t(`listing.type.${listing.PropertyType}`) : none },
    { label: t('listing.field.CountyOrParish'), value: listing.CountyOrParish || none },
    { label: t('listing.field.ListingId'), value: listing.ListingId || none },
  ]

  const makeOffer = { propertyId: listing.id, status: listing.StandardStatus, canMakeOffers, yourOffer, onMakeOffer }

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Group gap="sm">
          <StatusBadge status={listing.StandardStatus} />
          {listing.PropertyType && (
            <Text size="sm" c="gray.7">
              {t(`listing.type.${listing.PropertyType}`)}
            </Text>
          )}
        </Group>
        {/* A long street name wraps on a phone instead of widening the page. */}
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {address}
        </Title>
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            <PhotoGallery photos={listing.Media} address={address} />
            <Section title={t('property.facts.title')}>
              <Facts facts={facts} />
            </Section>
            <Section title={t('property.address.title')}>
              <Text>{street || none}</Text>
              {region && <Text>{region}</Text>}
              {listing.CountyOrParish && <Text c="gray.7">{t('property.address.county', { county: listing.CountyOrParish })}</Text>}
              <PublicRecord
                items={[
                  { label: t('listing.field.ParcelNumber'), value: listing.ParcelNumber },
                  { label: t('listing.field.deedReference'), value: listing.deedReference },
                  { label: t('listing.field.TaxLegalDescription'), value: listing.TaxLegalDescription },
                ]}
              />
            </Section>
            <Section title={t('property.description.title')}>
              {listing.PublicRemarks ? <Paragraphs text={listing.PublicRemarks} /> : <Text c="gray.7">{t('property.description.none')}</Text>}
              {listing.VirtualTourURLUnbranded && /^https?:\/\//i.test(listing.VirtualTourURLUnbranded) && (
                <Anchor href={listing.VirtualTourURLUnbranded} target="_blank" rel="noopener noreferrer nofollow" mt="sm" display="inline-block">
                  {t('property.virtualTour')}
                </Anchor>
              )}
            </Section>
            {(listing.offerPreferences.length > 0 || listing.offerInstructions) && (
              <Section title={t('property.offers.title')}>
                <Stack gap="md">
                  {listing.offerPreferences.length > 0 && (
                    <div>
                      <Text fw={600} mb={4}>
                        {t('property.offers.preferences')}
                      </Text>
                      <List>
                        {listing.offerPreferences.map((preference) => (
                          <List.Item key={preference}>{t(`listing.preference.${preference}`)}</List.Item>
                        ))}
                      </List>
                    </div>
                  )}
                  {listing.offerInstructions && (
                    <div>
                      <Text fw={600} mb={4}>
                        {t('property.offers.instructions')}
                      </Text>
                      <Paragraphs text={listing.offerInstructions} />
                    </div>
                  )}
                </Stack>
              </Section>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder p="lg" radius="md">
              <Stack gap="md">
                <div>
                  <Text size="sm" c="gray.7">
                    {t('listing.field.ListPrice')}
                  </Text>
                  <Text fw={700} fz={32} lh={1.2} data-testid="property-price">
                    {formatPrice(listing.ListPrice, language, t)}
                  </Text>
                </div>
                {listing.offerDeadline && (
                  <div>
                    <Text size="sm" c="gray.7">
                      {t('property.offers.deadline', {
                        // On the property's clocks, named (decision 038): the same text on the server and in any browser.
                        date: formatZonedDateTime(new Date(listing.offerDeadline), propertyTimeZone(listing.CountyOrParish), language),
                      })}
                    </Text>
                    <ExpirationCountdown expiresAt={listing.offerDeadline} />
                  </div>
                )}
                {/* Phones have it in the bar at the bottom of the screen instead (below). */}
                <Box visibleFrom="md">
                  <MakeOffer {...makeOffer} />
                </Box>
                <ShareHomeButton address={listing.UnparsedAddress || t('listing.noAddress')} url={homeUrl(listing.id)} onSend={onShare} />
                {listing.canManage && (
                  <Button component={Link} to={`/my-properties/${encodeURIComponent(listing.id)}/edit-listing`} variant="default" leftSection={<IconEdit size={16} aria-hidden />}>
                    {t('property.manage')}
                  </Button>
                )}
              </Stack>
            </Paper>
            <Section title={t('property.agent.title')}>
              <PersonCard
                fullName={listing.listAgent.name}
                subtitle={listing.listAgent.office ?? undefined}
                image={listing.listAgent.photoURL}
                phone={listing.listAgent.phone}
                email={listing.listAgent.email}
                website={listing.listAgent.website}
                onSend={onContactAgent}
              />
            </Section>
            <Anchor component={Link} to="/listings" size="sm">
              {t('property.backToSearch')}
            </Anchor>
          </Stack>
        </Grid.Col>
      </Grid>
      {/* On a phone the side column comes two screens down: the price and the offer stay at hand in a bar. */}
      <Box hiddenFrom="md" h={BAR_ROOM} aria-hidden />
      <Paper hiddenFrom="md" component="section" aria-label={t('makeOffer.bar')} shadow="md" radius={0} px="md" py="xs" style={BAR_STYLE} data-testid="offer-bar" data-bottom-bar>
        <Stack gap={4}>
          <Text fw={700} size="lg">
            {formatPrice(listing.ListPrice, language, t)}
          </Text>
          <MakeOffer {...makeOffer} compact />
        </Stack>
      </Paper>
    </Stack>
  )
}
