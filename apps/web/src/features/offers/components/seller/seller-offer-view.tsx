import type { ReactNode, Ref } from 'react'
import { Suspense, useEffect, useRef, useState } from 'react'
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OfferView } from '@offerbook/domain/offer'
import type { OfferAction } from '@offerbook/domain/offer-status'
import { notifyError, notifySuccess } from '../../../../shared/notify'
import { useDialog } from '../../../../shared/ui/app-dialog'
import { BackLink } from '../../../../shared/ui/back-link'
import type { SimpleOfferAction } from '../../api/offers'
import { useOfferAction } from '../../api/offers'
import { formatInstant } from '../details/offer-format'
import { OfferDetails } from '../details/offer-details'
import { OfferStatusBadge } from '../details/offer-status-badge'
import { SignedBadge } from '../details/signed-badge'
import { buyerNamesText } from './buyer-names'
import { useVersionChanged } from '../negotiation/version-changes'
import { optimizePath } from './seller-offer-links'
import { lazyPart } from '../../../../shared/lazy-part'
import { withTexts } from '../../../../shared/texts-settled'
import { InlineLoader } from '../../../../shared/ui/centered-loader'

// The closing and the amendments panels are an accepted offer's: their code (forms, date inputs, the
// repair list's rules) comes with such an offer only (issue 36).
const ClosingPanel = lazyPart(() => import('../closing/closing-panel').then((module) => ({ default: module.ClosingPanel })))
const AmendmentsPanel = lazyPart(() => import('../amendments/amendments-panel').then((module) => ({ default: module.AmendmentsPanel })))

/** The decline confirmation's body (the early-answer notice, the reason box), with the texts it draws. */
const declineMessage = withTexts(() => import('./decline-message'))

/** The seller side's answers that go through a confirmation here (accept has its own dialog route; closing its panel). */
type ConfirmedAction = Extract<SimpleOfferAction, 'decline' | 'terminate'>

const CONFIRMATIONS: Readonly<Record<ConfirmedAction, { title: string; message: string; confirm: string; done: string }>> = {
  decline: { title: 'offerSeller.offer.declineTitle', message: 'offerSeller.offer.declineMessage', confirm: 'offerSeller.offer.declineConfirm', done: 'offerSeller.offer.declined' },
  terminate: { title: 'offerSeller.offer.terminateTitle', message: 'offerSeller.offer.terminateMessage', confirm: 'offerSeller.offer.terminateConfirm', done: 'offerSeller.offer.terminated' },
}

export type SellerOfferViewProps = {
  offer: OfferView
  /** Opens the accept dialog (its own route). */
  onAccept: () => void
  /** Where the focus starts: back on Accept after the accept dialog was cancelled, on the decision after it was confirmed. */
  initialFocus?: 'accept' | 'decision' | null
  /** Shown after the decision, before the terms: another feature's panel the page composes (electronic signing). */
  afterDecision?: ReactNode
}

/** One offer as the seller side reviews it: who offers, its status and decision, the answers it allows, every term. */
export function SellerOfferView({ offer, onAccept, initialFocus = null, afterDecision = null }: SellerOfferViewProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const dialog = useDialog()
  const action = useOfferAction(offer.id)
  const versionChanged = useVersionChanged()
  const allows = (name: OfferAction) => offer.actions.includes(name)
  const buyers = buyerNamesText(
    offer.terms.buyers.map((buyer) => buyer.fullName),
    '',
  )
  const acceptRef = useRef<HTMLButtonElement>(null)
  const decisionRef = useRef<HTMLHeadingElement>(null)
  // After a decision the focus moves to it, once it is on the page: the button that was pressed is gone or disabled.
  const [focusTarget, setFocusTarget] = useState(initialFocus)
  useEffect(() => {
    const target = focusTarget === 'accept' ? acceptRef.current : focusTarget === 'decision' ? decisionRef.current : null
    if (!target) return
    target.focus()
    setFocusTarget(null)
  }, [focusTarget, offer.decidedAt])

  const confirmAndAct = async (name: ConfirmedAction) => {
    const texts = CONFIRMATIONS[name]
    // Declining before her own highest-and-best deadline: the confirmation names it and the offers still expected.
    // A decline may say why (optional); the buyer side reads it on its offer. Kept as typed: the dialog's
    // text box is gone once the dialog closes. Its code comes when Decline is pressed.
    let reason = ''
    let message: ReactNode = t(texts.message)
    if (name === 'decline') {
      try {
        const { DeclineMessage } = await declineMessage()
        message = <DeclineMessage text={t(texts.message)} listingId={offer.property.id} offerId={offer.id} onReasonChange={(typed) => (reason = typed)} />
      } catch (error) {
        notifyError(error)
        return
      }
    }
    const confirmed = await dialog.confirm({ title: t(texts.title), message, confirmLabel: t(texts.confirm) })
    if (!confirmed) return
    action.mutate({ action: name, ...(name === 'decline' ? { version: offer.negotiation.version, ...(reason ? { reason } : {}) } : {}) }, {
      onSuccess: () => {
        notifySuccess(texts.done)
        setFocusTarget('decision')
      },
      onError: (error) => void (versionChanged(error, offer) || notifyError(error)),
    })
  }

  const decided = offer.decidedAt !== null
  return (
    <Stack gap="lg">
      <BackLink to={optimizePath(offer.property.id)}>{t('offerSeller.offer.allOffers')}</BackLink>

      <Stack gap={6}>
        <Title order={1} size="h2">
          {buyers ? t('offerSeller.offer.title', { buyers }) : t('offerSeller.offer.titleNoBuyers')}
        </Title>
        <Text fw={600}>{t('offerSeller.offer.onProperty', { address: offer.property.address })}</Text>
        <Group gap="md">
          <OfferStatusBadge status={offer.status} size="lg" />
          <SignedBadge signedAt={offer.signedAt} size="lg" />
          {offer.sharedAt && <Text size="sm">{t('offerSeller.offer.received', { time: formatInstant(offer.sharedAt, language, offer.property.timeZone) })}</Text>}
        </Group>
      </Stack>

      <Group gap="sm">
        <Button ref={acceptRef} onClick={onAccept} disabled={!allows('accept') || action.isPending}>
          {t('offer.action.accept')}
        </Button>
        <Button variant="default" color="red" onClick={() => void confirmAndAct('decline')} disabled={!allows('decline') || action.isPending}>
          {t('offer.action.decline')}
        </Button>
        {allows('terminate') && (
          <Button variant="default" color="red" onClick={() => void confirmAndAct('terminate')} disabled={action.isPending}>
            {t('offer.action.terminate')}
          </Button>
        )}
      </Group>

      {decided && <DecisionSection offer={offer} headingRef={decisionRef} />}

      {(offer.status === 'accepted' || offer.status === 'closed') && (
        <Suspense fallback={<InlineLoader />}>
          <ClosingPanel offer={offer} />
          <AmendmentsPanel offer={offer} />
        </Suspense>
      )}

      {afterDecision}

      <OfferDetails offer={offer} />
    </Stack>
  )
}

function DecisionSection({ offer, headingRef }: { offer: OfferView; headingRef: Ref<HTMLHeadingElement> }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const accepted = ['accepted', 'closed', 'terminated'].includes(offer.status)
  return (
    <Stack gap="sm" component="section" aria-labelledby={`offer-decision-${offer.id}`} data-testid="offer-decision">
      <Title order={2} size="h3" id={`offer-decision-${offer.id}`} tabIndex={-1} ref={headingRef}>
        {t('offerSeller.offer.decision')}
      </Title>
      {offer.decidedAt && (
        <Group gap="sm">
          <OfferStatusBadge status={offer.status} size="sm" />
          <Text>{t('offerSeller.offer.decided', { time: formatInstant(offer.decidedAt, language, offer.property.timeZone) })}</Text>
        </Group>
      )}
      {accepted &&
        (offer.bindingAgreementAt ? (
          <Alert color="green" data-testid="offer-acknowledged">
            {t('offerSeller.offer.acknowledged', { time: formatInstant(offer.bindingAgreementAt, language, offer.property.timeZone) })}
          </Alert>
        ) : (
          <Alert color="yellow" data-testid="offer-awaiting-acknowledgement">
            {t('offerSeller.offer.awaitingAck')}
          </Alert>
        ))}
    </Stack>
  )
}
