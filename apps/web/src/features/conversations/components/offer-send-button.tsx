import { Button } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import type { Translate } from '../../../shared/i18n/translation'
import { useTranslation } from '../../../shared/i18n/translation'
import type { OfferParty, OfferView } from '@offerbook/domain/offer'
import type { SendPrefill } from './send-prefill'
import { useSendDialog } from './send-dialog-host'

const filled = (values: readonly string[]) => values.map((value) => value.trim()).filter((value) => value !== '')

/** The other side of an offer: the listing agent for the buyer side; the buyer's agent, else the buyers, for the seller side. */
export function counterpartOf(offer: OfferView): OfferParty[] {
  const { terms } = offer
  if (offer.viewer !== 'seller') return [terms.listingAgent]
  const agent = terms.buyerAgent
  return agent.email.trim() || agent.phone.trim() ? [agent] : terms.buyers
}

/** The Send dialog for an offer: its counterpart's addresses and numbers, a subject and the link to it. */
export function offerPrefill(offer: OfferView, t: Translate, origin: string): SendPrefill {
  const parties = counterpartOf(offer)
  const address = offer.property.address || t('sendDialog.offer.noAddress')
  const link = offer.shareUrl ?? `${origin}/property/${encodeURIComponent(offer.property.id)}`
  return {
    emails: filled(parties.map((party) => party.email)),
    phones: filled(parties.map((party) => party.phone)),
    subject: t('sendDialog.offer.subject', { address }),
    message: t('sendDialog.offer.message', { address, link }),
    propertyId: offer.property.id,
  }
}

/** 'Send email/SMS' on an offer page, prefilled with the other side of the offer. */
export function OfferSendButton({ offer }: { offer: OfferView }) {
  const { t } = useTranslation()
  const send = useSendDialog()
  return (
    <>
      <Button variant="default" w="fit-content" leftSection={<IconSend size={16} aria-hidden />} onClick={() => send.open(offerPrefill(offer, t, window.location.origin))}>
        {t('sendDialog.offer.action')}
      </Button>
      {send.dialog}
    </>
  )
}
