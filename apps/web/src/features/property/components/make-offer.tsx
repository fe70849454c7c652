import { useId, useState } from 'react'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link } from '../../../shared/navigation'
import type { StandardStatus } from '@offerbook/domain/listing-values'
import { takesOffers } from '@offerbook/domain/listing-values'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import { signInPathFor } from '@offerbook/domain/route-access'
import type { Message } from '@offerbook/domain/messages'
import { ApiClientError, UNKNOWN_ERROR } from '../../../shared/api-client'
import { translate } from '../../../shared/i18n/messages'
import { useSession } from '../../../shared/session'

/** The buyer's own offer still in play on this home, and where it opens. */
export type YourOffer = { path: string; status: OfferStatus }

export type MakeOfferProps = {
  propertyId: string
  /** The listing's status: only a listing that takes offers lets the button start one. */
  status: StandardStatus
  /** Whether the signed-in user's roles may make offers; unknown (null) while the account loads. */
  canMakeOffers: boolean | null
  /** The buyer's open offer on this home, if any: the button leads to it, and another one is a second choice. */
  yourOffer?: YourOffer | null
  /** Starts a draft offer and opens it; the page that shows this button knows how. A refusal is shown here. */
  onMakeOffer: () => Promise<void>
  /** The sticky bar of phones: the buttons side by side, smaller. */
  compact?: boolean
}

/**
 * 'Make an offer': disabled with the reason on a home that takes no offers; a visitor who is not
 * signed in is asked to sign in and comes back here; a buyer with an open offer on the home is led to
 * it ('Open your offer') and may still make another on purpose; a buyer starts a draft offer, which
 * the page then opens.
 */
export function MakeOffer({ propertyId, status, canMakeOffers, yourOffer = null, onMakeOffer, compact = false }: MakeOfferProps) {
  const { t } = useTranslation()
  const signedIn = useSession() !== null
  const noteId = useId()
  const [askedToSignIn, setAskedToSignIn] = useState(false)
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<Message | null>(null)
  const here = `/property/${encodeURIComponent(propertyId)}`
  const size = compact ? 'sm' : 'md'

  if (!takesOffers(status)) {
    return (
      <Stack gap={4}>
        <Button size={size} fullWidth disabled aria-describedby={noteId}>
          {t('property.makeOffer')}
        </Button>
        <Text size="sm" c="gray.7" id={noteId} data-testid="make-offer-reason">
          {t(`makeOffer.closed.${status}`)}
        </Text>
      </Stack>
    )
  }

  if (!signedIn) {
    return (
      <Stack gap="sm">
        <Button size={size} fullWidth onClick={() => setAskedToSignIn(true)} aria-expanded={askedToSignIn}>
          {t('property.makeOffer')}
        </Button>
        {askedToSignIn && (
          <Alert color="blue" role="alert" p="xs">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('errors.mustBeLoggedIn')}</Text>
              <Button component={Link} to={signInPathFor(here)} size="sm">
                {t('property.signInToOffer')}
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>
    )
  }

  if (canMakeOffers === false) {
    return (
      <Stack gap={4}>
        <Button size={size} fullWidth disabled aria-describedby={noteId}>
          {t('property.makeOffer')}
        </Button>
        <Text size="sm" c="gray.7" id={noteId}>
          {t('property.offersByBuyers')}
        </Text>
      </Stack>
    )
  }

  const start = async () => {
    setPending(true)
    setProblem(null)
    try {
      await onMakeOffer()
    } catch (error) {
      setProblem(error instanceof ApiClientError ? error.detail : UNKNOWN_ERROR)
    } finally {
      setPending(false)
    }
  }

  const refusal = problem && (
    <Alert color="red" role="alert" p="xs">
      <Text size="sm">{translate(problem)}</Text>
    </Alert>
  )

  if (yourOffer) {
    const choices = (
      <>
        <Button component={Link} to={yourOffer.path} size={size} px="xs">
          {t('makeOffer.openYours')}
        </Button>
        <Button variant="default" size={size} px="xs" loading={pending} onClick={() => void start()}>
          {t('makeOffer.another')}
        </Button>
      </>
    )
    return (
      <Stack gap={compact ? 4 : 'sm'}>
        {!compact && (
          <Text size="sm" c="gray.7">
            {t('makeOffer.yoursNote', { status: t(`offer.status.${yourOffer.status}`) })}
          </Text>
        )}
        {compact ? <Group grow gap="xs" wrap="nowrap">{choices}</Group> : <Stack gap="xs">{choices}</Stack>}
        {refusal}
      </Stack>
    )
  }

  return (
    <Stack gap="sm">
      <Button size={size} fullWidth loading={pending} disabled={canMakeOffers === null} onClick={() => void start()}>
        {t('property.makeOffer')}
      </Button>
      {refusal}
    </Stack>
  )
}
