import type { ReactNode } from 'react'
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconArrowRight } from '@tabler/icons-react'
import { useTranslation } from '../../shared/i18n/translation'
import { Link, useLocation, useSearchParams } from '../../shared/navigation'
import { formatMoney } from '../../shared/money'
import { signInPathFor } from '@offerbook/domain/route-access'
import { linkedOfferQuery } from '../../features/offers/components/details/linked-offer'
import { OfferDetails } from '../../features/offers/components/details/offer-details'
import { OfferStatusBadge } from '../../features/offers/components/details/offer-status-badge'
import { ApiClientError } from '../../shared/api-client'
import { errorText, translate } from '../../shared/i18n/messages'
import { useSession } from '../../shared/session'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { RetryAlert } from '../../shared/ui/retry-alert'
import type { PageProps } from '../page-props'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/** A page that explains why the offer is not shown, with a way on. */
function Unavailable({ title, body, signIn }: { title: string; body: string; signIn: string | null }) {
  const { t } = useTranslation()
  return (
    <Stack gap="md" maw={760} py="xl">
      <Title order={1}>{title}</Title>
      <Text>{body}</Text>
      <Group gap="md">
        {signIn && (
          <Button component={Link} to={signIn}>
            {t('offerView.link.signIn')}
          </Button>
        )}
        <Anchor component={Link} to="/">
          {t('notFound.backHome')}
        </Anchor>
      </Group>
    </Stack>
  )
}

/**
 * /property/{id}/offers/{offerId}?token=: the page the listing agent's email links to. The token opens
 * the offer read-only to anybody who holds it; without one, the signed-in seller (or buyer) side sees
 * it with its session. Never a redirect to sign-in: a visitor without access is told so here.
 */
export default function PropertyOfferPage({ params }: PageProps) {
  const { t, i18n } = useTranslation()
  const [search] = useSearchParams()
  const location = useLocation()
  const signedIn = useSession() !== null
  const token = search.get('token')?.trim() || null
  const listingId = params.id ?? ''
  const offerId = params.offerId ?? ''
  const query = useQuery({ ...linkedOfferQuery(offerId, token), enabled: token !== null || signedIn })
  const signIn = signedIn ? null : signInPathFor(location.pathname + location.search)

  const notFound = <Unavailable title={t('offerView.link.notFoundTitle')} body={t('offerView.link.notFoundBody')} signIn={signIn} />
  if (token === null && !signedIn) return notFound
  if (query.isPending) return <CenteredLoader />
  if (query.isError) {
    const error = query.error
    if (error instanceof ApiClientError && error.detail.key === 'offer.linkExpired') {
      return <Unavailable title={translate(error.detail)} body={t('offerView.link.expiredBody')} signIn={signIn} />
    }
    if (error instanceof ApiClientError && (error.status === 404 || error.status === 403)) return notFound
    return <RetryAlert message={errorText(error)} onRetry={() => void query.refetch()} />
  }

  const offer = query.data
  // The link names the property too; an offer reached under another property's address is not this page's.
  if (offer.property.id.toLowerCase() !== listingId.toLowerCase()) return notFound

  const address = offer.property.address || t('offerView.list.noAddress')
  let next: ReactNode = null
  if (offer.viewer === 'seller') {
    next = (
      <Button component={Link} to={`/my-properties/${encodeURIComponent(offer.property.id)}/offers/${encodeURIComponent(offer.id)}`} rightSection={<IconArrowRight size={16} aria-hidden />}>
        {t('offerView.link.answer')}
      </Button>
    )
  } else if (offer.viewer === 'buyer') {
    next = (
      <Button component={Link} to={`/submitted-offers/update/${encodeURIComponent(offer.id)}`} rightSection={<IconArrowRight size={16} aria-hidden />}>
        {t('offerView.link.openYours')}
      </Button>
    )
  }

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap="xs">
        <Group gap="sm">
          <OfferStatusBadge status={offer.status} />
          {offer.sharedAt && <Text size="sm">{t('offerView.link.sharedOn', { date: dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(offer.sharedAt)) })}</Text>}
        </Group>
        <Title order={1}>{t('offerView.link.title', { address })}</Title>
        {offer.terms.purchasePrice !== null && (
          <Text size="xl" fw={700}>
            {formatMoney(offer.terms.purchasePrice, i18n.language)}
          </Text>
        )}
        {offer.property.listPrice !== null && <Text size="sm">{t('offerView.link.listPrice', { price: formatMoney(offer.property.listPrice, i18n.language) })}</Text>}
      </Stack>
      {offer.viewer === 'link' && (
        <Alert color="blue" variant="light" title={t('offerView.link.readOnlyTitle')}>
          {signedIn ? t('offerView.link.readOnlyBody') : t('offerView.link.readOnlyAnonymous')}
        </Alert>
      )}
      {next && <Group>{next}</Group>}
      <OfferDetails offer={offer} linkToken={offer.viewer === 'link' ? token : null} />
    </Stack>
  )
}
