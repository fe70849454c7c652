import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../shared/i18n/translation'
import { Link } from '../../shared/navigation'
import { OfferSendButton } from '../../features/conversations/components/offer-send-button'
import { useOffer } from '../../features/offers/api/offers'
import { OfferEditor } from '../../features/offers/components/editor/offer-editor'
import { NegotiationPanelBeside, useNegotiationPanelReady } from '../../features/offers/components/negotiation/negotiation-beside'
import { OfferSigningSlot } from '../../features/signing/components/offer-signing-slot'
import { ApiClientError } from '../../shared/api-client'
import { errorText } from '../../shared/i18n/messages'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { useDrawnLater } from '../../shared/use-drawn-later'
import { RetryAlert } from '../../shared/ui/retry-alert'
import type { PageProps } from '../page-props'
import { OFFER_CLAUSE_PICKERS } from './offer-clause-pickers'
import { offerKeys } from '../../shared/query-keys'

/** /submitted-offers/update/{id}: the buyer side's offer, in the editor. */
export default function SubmittedOfferUpdatePage({ params }: PageProps) {
  const { t } = useTranslation()
  const id = params.id ?? ''
  const offer = useOffer(id)
  const queryClient = useQueryClient()
  // The negotiation panel above the terms comes with the first screen, not after it (no layout shift).
  const panelReady = useNegotiationPanelReady(offer.data)
  const drawn = useDrawnLater(offer.isLoadingError || (offer.data !== undefined && panelReady))

  if (offer.isPending || !drawn) return <CenteredLoader />
  // A refresh that fails keeps the page as read (and what is open over it); only a first read that fails says so.
  if (offer.isLoadingError) {
    if (offer.error instanceof ApiClientError && (offer.error.status === 404 || offer.error.status === 400)) {
      return (
        <Center mih="50vh">
          <Stack align="center" maw={480} ta="center">
            <Title order={1}>{t('offerEditor.notFound.title')}</Title>
            <Text>{t('offerEditor.notFound.body')}</Text>
            <Button component={Link} to="/submitted-offers/all">
              {t('offerEditor.notFound.back')}
            </Button>
          </Stack>
        </Center>
      )
    }
    return <RetryAlert message={errorText(offer.error)} onRetry={() => void offer.refetch()} />
  }
  return (
    <Stack gap="lg">
      <OfferSendButton offer={offer.data} />
      <NegotiationPanelBeside offer={offer.data} pickers={OFFER_CLAUSE_PICKERS} />
      <OfferEditor key={offer.data.id} offer={offer.data} pickers={OFFER_CLAUSE_PICKERS} />
      {/* Only an accepted (later closed or terminated) offer is signed; the panel shows nothing before. */}
      <Stack maw={960} w="100%">
        <OfferSigningSlot offerId={offer.data.id} offerStatus={offer.data.status} onOfferSigned={() => void queryClient.invalidateQueries({ queryKey: offerKeys.all })} />
      </Stack>
    </Stack>
  )
}

