import { useState } from 'react'
import { Button, Stack } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { useNavigate, useSearchParams } from '../../shared/navigation'
import type { User } from '@offerbook/domain/user'
import { safeRedirect } from '@offerbook/domain/route-access'
import { PhoneSignInForm } from '../../features/accounts/components/phone-sign-in-form'
import { takeSsoRedirect } from '../../features/accounts/api/sso'
import { SsoButton } from '../../features/accounts/components/sso-button'
import { SsoErrorAlert } from '../../features/accounts/components/sso-error-alert'
import { SsoVerifyForm } from '../../features/accounts/components/sso-verify-form'
import { UnverifiedEmailActions } from '../../features/accounts/components/unverified-email-actions'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { useSignOut } from '../../features/auth/api/sign-out'
import { SignInForm } from '../../features/auth/components/sign-in-form'
import { SignedInPanel } from '../../features/auth/components/signed-in-panel'
import { useSession } from '../../shared/session'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { destinationFor, useCompleteSignIn } from '../after-sign-in'
import { FormCardPage } from '../../shared/ui/form-card-page'

type Method = 'email' | 'phone'

export default function SignInPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const redirect = safeRedirect(searchParams.get('redirect'))
  const session = useSession()
  const me = useCurrentUser()
  const signOut = useSignOut()
  const completeSignIn = useCompleteSignIn()
  const [method, setMethod] = useState<Method>('email')

  const go = (user: User) => void navigate(destinationFor(user, redirect), { replace: true })
  const ssoVerify = searchParams.get('sso_verify')

  let content
  if (session && me.data) {
    const user = me.data
    content = <SignedInPanel user={user} onContinue={() => go(user)} onSwitchAccount={() => signOut.mutate()} switching={signOut.isPending} />
  } else if (session && me.isPending) {
    content = <CenteredLoader />
  } else if (ssoVerify) {
    content = (
      <Stack gap="lg">
        {/* The provider did not vouch for the e-mail: our code proves it (the page the provider came back to). */}
        <SsoVerifyForm pending={ssoVerify} onVerified={(signedIn) => completeSignIn(signedIn, true, takeSsoRedirect())} />
        <SsoButton redirect={redirect} />
      </Stack>
    )
  } else {
    content = (
      <Stack gap="lg">
        {searchParams.get('sso_error') === '1' && <SsoErrorAlert error={searchParams.get('error')} />}
        {/* Toggle buttons rather than tabs: a tab panel named "Email" would share its name with the Email field. */}
        <Button.Group aria-label={t('accounts.signIn.method')}>
          {(['email', 'phone'] as const).map((option) => (
            <Button key={option} variant={method === option ? 'filled' : 'default'} aria-pressed={method === option} onClick={() => setMethod(option)} fullWidth>
              {t(`accounts.signIn.${option}`)}
            </Button>
          ))}
        </Button.Group>
        {method === 'email' ? (
          <SignInForm onSignedIn={go} initialEmail={searchParams.get('email') ?? ''} unverifiedActions={(email) => <UnverifiedEmailActions email={email} />} />
        ) : (
          <PhoneSignInForm onSignedIn={(signedIn, persist) => completeSignIn(signedIn, persist, redirect)} />
        )}
        <SsoButton redirect={redirect} />
      </Stack>
    )
  }

  return (
    <FormCardPage title={t('auth.signIn')} intro={t('auth.signInIntro')}>
      {content}
    </FormCardPage>
  )
}
