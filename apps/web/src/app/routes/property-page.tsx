import { useTranslation } from '../../shared/i18n/translation'
import { useNavigate } from '../../shared/navigation'
import { useQuery } from '@tanstack/react-query'
import { decideAccess, routeByName } from '@offerbook/domain/route-access'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { useSendDialog } from '../../features/conversations/components/send-dialog-host'
import { createOffer, myOpenOfferOnQuery, useSetOffer } from '../../features/offers/api/offers'
import { homeUrl, PropertyDetails } from '../../features/property/components/property-details'
import { useSession } from '../../shared/session'
import type { PageProps } from '../page-props'
import { PropertyLoader } from './property-loader'

/** /property/{id} in the whole app: a listing as anyone may see it, with what the signed-in user may do there. */
export default function PropertyPage({ params }: PageProps) {
  const { t } = useTranslation()
  const id = params.id ?? ''
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

  return (
    <PropertyLoader id={id}>
      {(listing) => {
        const address = listing.UnparsedAddress || t('listing.noAddress')
        const link = homeUrl(listing.id)
        return (
          <>
            <PropertyDetails
              listing={listing}
              canMakeOffers={canMakeOffers}
              yourOffer={yours.data ? { path: `/submitted-offers/update/${encodeURIComponent(yours.data.id)}`, status: yours.data.status } : null}
              onMakeOffer={makeOffer}
              onShare={
                signedIn
                  ? () => send.open({ subject: t('sendDialog.share.subject', { address }), message: t('sendDialog.share.message', { address, link }), propertyId: listing.id })
                  : undefined
              }
              onContactAgent={(to) => send.open({ ...to, subject: t('sendDialog.about', { address }), propertyId: listing.id })}
            />
            {send.dialog}
          </>
        )
      }}
    </PropertyLoader>
  )
}
