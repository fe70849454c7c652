import { useState } from 'react'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { signInPathFor } from '@offerbook/domain/route-access'
import type { Message } from '@offerbook/domain/messages'
import { ApiClientError, UNKNOWN_ERROR } from '../../../shared/api-client'
import { translate } from '../../../shared/i18n/messages'
import { useSession } from '../../../shared/session'

export type MakeOfferProps = {
  propertyId: string
  /** Whether the signed-in user's roles may make offers; unknown (null) while the account loads. */
  canMakeOffers: boolean | null
  /** Starts a draft offer and opens it; the page that shows this button knows how. A refusal is shown here. */
  onMakeOffer: () => Promise<void>
}

/**
 * 'Make an offer': a visitor who is not signed in is asked to sign in and comes back here; a buyer
 * starts a draft offer, which the page then opens.
 */
export function MakeOffer({ propertyId, canMakeOffers, onMakeOffer }: MakeOfferProps) {
  const { t } = useTranslation()
  const signedIn = useSession() !== null
  const [askedToSignIn, setAskedToSignIn] = useState(false)
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<Message | null>(null)
  const here = `/property/${encodeURIComponent(propertyId)}`

  if (!signedIn) {
    return (
      <Stack gap="sm">
        <Button size="md" fullWidth onClick={() => setAskedToSignIn(true)} aria-expanded={askedToSignIn}>
          {t('property.makeOffer')}
        </Button>
        {askedToSignIn && (
          <Alert color="blue" role="alert">
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
        <Button size="md" fullWidth disabled aria-describedby="make-offer-note">
          {t('property.makeOffer')}
        </Button>
        <Text size="sm" c="gray.7" id="make-offer-note">
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

  return (
    <Stack gap="sm">
      <Button size="md" fullWidth loading={pending} disabled={canMakeOffers === null} onClick={() => void start()}>
        {t('property.makeOffer')}
      </Button>
      {problem && (
        <Alert color="red" role="alert">
          <Text size="sm">{translate(problem)}</Text>
        </Alert>
      )}
    </Stack>
  )
}
