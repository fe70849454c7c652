import { Suspense, useEffect, useState } from 'react'
import { Alert, Button, Stack } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../shared/i18n/translation'
import { Link, useLocation, useNavigate, useSearchParams } from '../../shared/navigation'
import { OPEN_OFFER_STATUSES } from '@offerbook/domain/offer-status'
import type { AcceptOffer, OfferView } from '@offerbook/domain/offer'
import { OfferSendButton } from '../../features/conversations/components/offer-send-button'
import { listingOffersQuery, optimizeQuery, useAcceptOffer, useOffer } from '../../features/offers/api/offers'
import { acceptOfferPath, optimizePath, sellerOfferPath } from '../../features/offers/components/seller/seller-offer-links'
import { SellerOfferView } from '../../features/offers/components/seller/seller-offer-view'
import { NegotiationPanelBeside, useNegotiationPanelReady } from '../../features/offers/components/negotiation/negotiation-beside'
import { useOfferAsOfNow, useVersionChanged } from '../../features/offers/components/negotiation/version-changes'
import { OfferSigningSlot } from '../../features/signing/components/offer-signing-slot'
import { ApiClientError } from '../../shared/api-client'
import { errorText } from '../../shared/i18n/messages'
import { notifyError, notifySuccess } from '../../shared/notify'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { useDrawnLater } from '../../shared/use-drawn-later'
import { PageNotice } from '../../shared/ui/page-notice'
import { RetryAlert } from '../../shared/ui/retry-alert'
import type { PageProps } from '../page-props'
import { OFFER_CLAUSE_PICKERS } from './offer-clause-pickers'
import { offerKeys } from '../../shared/query-keys'
import { lazyPart } from '../../shared/lazy-part'

/** The accept dialog's code (the net sheet's lines, the choices for the other offers) comes with its route. */
const AcceptOfferDialog = lazyPart(() => import('../../features/offers/components/seller/accept-offer-dialog').then((module) => ({ default: module.AcceptOfferDialog })))

type ReturnFocus = 'accept' | 'decision'

/**
 * The accept dialog is a route of its own, so closing it mounts the offer page anew; this tells that
 * page where the focus goes back to (the Accept button after Cancel, the decision after Confirm).
 */
let focusOnReturn: ReturnFocus | null = null

/** Set on the way into the accept dialog from the offer page, so closing it goes back in the history. */
type FromOffer = { fromOffer?: boolean }

function NotFound({ listingId }: { listingId: string }) {
  const { t } = useTranslation()
  return (
    <PageNotice title={t('offerSeller.offer.notFoundTitle')} message={t('offerSeller.offer.notFound')}>
      <Button component={Link} to={optimizePath(listingId)} variant="default" w="fit-content">
        {t('offerSeller.offer.allOffers')}
      </Button>
    </PageNotice>
  )
}

function AcceptDialog({ offer, onClose }: { offer: OfferView; onClose: (focus: ReturnFocus) => void }) {
  const { t } = useTranslation()
  const listingId = offer.property.id
  const accept = useAcceptOffer(offer.id)
  const versionChanged = useVersionChanged()
  const others = useQuery(listingOffersQuery(listingId))
  const ranking = useQuery(optimizeQuery(listingId))
  const otherOpenCount = others.isSuccess ? others.data.filter((item) => item.id !== offer.id && OPEN_OFFER_STATUSES.includes(item.status)).length : null
  const ranked = ranking.data?.offers.find((item) => item.id === offer.id)
  const netToSeller = ranked?.netToSeller ?? null

  const confirm = (body: AcceptOffer) => {
    if (accept.isPending) return
    accept.mutate(body, {
      onSuccess: () => {
        notifySuccess('offerSeller.offer.accepted')
        onClose('decision')
      },
      // A version sent since the page was read: the difference is shown and the page reads the offer again.
      onError: (error) => {
        if (versionChanged(error, offer)) onClose('accept')
        else notifyError(error)
      },
    })
  }

  if (!offer.actions.includes('accept')) {
    return (
      <Alert color="yellow" role="alert">
        {t('offerSeller.accept.notAllowed', { status: t(`offer.status.${offer.status}`) })}
      </Alert>
    )
  }
  return (
    <Suspense fallback={null}>
      <AcceptOfferDialog opened={!accept.isSuccess} offer={offer} netToSeller={netToSeller} netLines={ranked?.lines} otherOpenCount={otherOpenCount} onConfirm={confirm} onCancel={() => onClose('accept')} />
    </Suspense>
  )
}

/**
 * /my-properties/{id}/offers/{offerId}: one offer as the seller side reviews and answers it; and
 * /my-properties/{id}/accept-offer-popup?offer={offerId}: the same page under the accept dialog.
 * The API shows an offer to its seller side only once shared; anything else is a 404 here.
 */
export default function MyPropertyOfferPage({ route, params }: PageProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const [search] = useSearchParams()
  const listingId = params.id ?? ''
  const accepting = route.name === 'my-property-accept-offer'
  const offerId = (accepting ? search.get('offer') : params.offerId) ?? ''
  const query = useOffer(offerId)
  // Past its expiration the offer reads expired at once: Accept goes, with no reload (decision 036).
  const live = useOfferAsOfNow(query.data)
  const queryClient = useQueryClient()
  // The negotiation panel above the offer comes with the first screen, not after it (no layout shift).
  const panelReady = useNegotiationPanelReady(live ?? query.data)
  const drawn = useDrawnLater(query.isLoadingError || (query.data !== undefined && panelReady))
  const [initialFocus] = useState(() => focusOnReturn)
  useEffect(() => {
    focusOnReturn = null
  }, [])

  if (!offerId) return <NotFound listingId={listingId} />
  if (query.isPending || !drawn) return <CenteredLoader />
  // A refresh that fails keeps the page as read (and what is open over it); only a first read that fails says so.
  if (query.isLoadingError) {
    if (query.error instanceof ApiClientError && query.error.status === 404) return <NotFound listingId={listingId} />
    return <RetryAlert message={`${t('offerSeller.offer.loadFailed')} ${errorText(query.error)}`} onRetry={() => void query.refetch()} />
  }

  const offer = live ?? query.data
  // A link token or the buyer's own view is not the seller's page; an offer of another property is not here.
  if (offer.viewer !== 'seller' || offer.property.id !== listingId) return <NotFound listingId={listingId} />

  const closeDialog = (focus: ReturnFocus) => {
    focusOnReturn = focus
    if ((location.state as FromOffer | null)?.fromOffer) void navigate(-1)
    else void navigate(sellerOfferPath(listingId, offer.id), { replace: true })
  }

  return (
    <Stack gap="lg">
      {accepting && <AcceptDialog offer={offer} onClose={closeDialog} />}
      <OfferSendButton offer={offer} />
      <NegotiationPanelBeside offer={offer} pickers={OFFER_CLAUSE_PICKERS} />
      <SellerOfferView
        offer={offer}
        initialFocus={accepting ? null : initialFocus}
        onAccept={() => void navigate(acceptOfferPath(listingId, offer.id), { state: { fromOffer: true } satisfies FromOffer })}
        afterDecision={
          // Once every party has signed, the offer (its signedAt) and the lists that show it are read again.
          <OfferSigningSlot offerId={offer.id} offerStatus={offer.status} onOfferSigned={() => void queryClient.invalidateQueries({ queryKey: offerKeys.all })} />
        }
      />
    </Stack>
  )
}

