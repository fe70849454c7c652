import { useEffect, useRef } from 'react'
import { Loader, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { useNavigate } from '../../../shared/navigation'
import type { Session } from '@offerbook/domain/session'
import { takeSsoRedirect, useSsoExchange } from '../api/sso'

export const SSO_ERROR_PATH = '/auth/sign-in?sso_error=1'

export type SsoReturnProps = { onSignedIn: (session: Session, redirect: string | null) => void }

/** The app root after the provider: trades the provider's cookie for a session, once. */
export function SsoReturn({ onSignedIn }: SsoReturnProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const redirect = useRef<string | null>(null)
  const started = useRef(false)
  const exchange = useSsoExchange({
    onSignedIn: (session) => onSignedIn(session, redirect.current),
    onFailed: () => void navigate(SSO_ERROR_PATH, { replace: true }),
  })
  const { mutate } = exchange

  useEffect(() => {
    // The provider's result can be redeemed once; StrictMode's second effect run must not try again.
    if (started.current) return
    started.current = true
    redirect.current = takeSsoRedirect()
    mutate()
  }, [mutate])

  return (
    <Stack align="center" py="xl" gap="sm" role="status">
      <Loader aria-hidden />
      <Text>{t('accounts.sso.signingIn')}</Text>
    </Stack>
  )
}
