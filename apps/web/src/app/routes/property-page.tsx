import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import type { PublicListing } from '@offerbook/domain/listing'
import { decideAccess, routeByName } from '@offerbook/domain/route-access'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { useSendDialog } from '../../features/conversations/components/send-dialog-host'
import { useQuery } from '@tanstack/react-query'
import { createOffer, myOpenOfferOnQuery, useSetOffer } from '../../features/offers/api/offers'
import { useProperty } from '../../features/property/api/properties'
import { PropertyDetails } from '../../features/property/components/property-details'
import { formatPrice, roomsAndArea } from '../../features/property/format'
import { useDocumentMeta } from '../../features/property/use-document-meta'
import { ApiClientError } from '../../shared/api-client'
import { useSession } from '../../shared/session'
import { errorMessage } from '../../shared/notify'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { RetryAlert } from '../../shared/ui/retry-alert'
import type { PageProps } from '../page-props'

const DESCRIPTION_LENGTH = 160

/** '$450,000 · 3 beds · 2 baths · 1,850 sq ft. The start of the description…', at most 160 characters. */
function describe(listing: PublicListing, language: string, t: Parameters<typeof formatPrice>[2]): string {
  const summary = [formatPrice(listing.ListPrice, language, t), roomsAndArea(listing, language, t)].filter(Boolean).join(' · ')
  const remarks = listing.PublicRemarks?.replace(/\s+/g, ' ').trim()
  const text = remarks ? `${summary}. ${remarks}` : summary
  return text.length > DESCRIPTION_LENGTH ? `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : text
}

/** /property/{id}: a listing as anyone may see it. */
export default function PropertyPage({ params }: PageProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const id = params.id ?? ''
  const property = useProperty(id)
  const me = useCurrentUser()
  const canMakeOffers = me.data ? decideAccess(routeByName('submitted-offers-status'), me.data.roles) === 'allow' : null
  const navigate = useNavigate()
  const setOffer = useSetOffer()
  const signedIn = useSession() !== null
  const send = useSendDialog()
  // A buyer who already has an offer here is led to it first (issue #18).
  const yours = useQuery({ ...myOpenOfferOnQuery(id), enabled: signedIn && canMakeOffers === true })

  // 'Make an offer' starts a draft (prefilled by the API) and opens it in the editor.
  const makeOffer = async () => {
    const offer = await createOffer(id)
    setOffer(offer)
    await navigate(`/submitted-offers/update/${encodeURIComponent(offer.id)}`)
  }

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
    return <RetryAlert message={errorMessage(property.error)} onRetry={() => void property.refetch()} />
  }
  const address = property.data.UnparsedAddress || t('listing.noAddress')
  const link = `${window.location.origin}/property/${encodeURIComponent(property.data.id)}`
  return (
    <>
      <PropertyDetails
        listing={property.data}
        canMakeOffers={canMakeOffers}
        yourOffer={yours.data ? { path: `/submitted-offers/update/${encodeURIComponent(yours.data.id)}`, status: yours.data.status } : null}
        onMakeOffer={makeOffer}
        onShare={
          signedIn
            ? () => send.open({ subject: t('sendDialog.share.subject', { address }), message: t('sendDialog.share.message', { address, link }), propertyId: property.data.id })
            : undefined
        }
        onContactAgent={(to) => send.open({ ...to, subject: t('sendDialog.about', { address }), propertyId: property.data.id })}
      />
      {send.dialog}
    </>
  )
}
