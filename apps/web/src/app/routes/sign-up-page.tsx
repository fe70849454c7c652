import { useState } from 'react'
import { useTranslation } from '../../shared/i18n/translation'
import { useSearchParams } from '../../shared/navigation'
import { safeRedirect } from '@offerbook/domain/route-access'
import { SignUpForm } from '../../features/accounts/components/sign-up-form'
import { VerifyCodeForm } from '../../features/accounts/components/verify-code-form'
import { useCompleteSignIn } from '../after-sign-in'
import { FormCardPage } from '../../shared/ui/form-card-page'

/** Two steps on one page; the code step lives at ?verify=<email> so sign-in can send people to it. */
export default function SignUpPage() {
  const { t } = useTranslation()
  const [searchParams, setSearchParams] = useSearchParams()
  const completeSignIn = useCompleteSignIn()
  const [resendAvailableAt, setResendAvailableAt] = useState<string | null>(null)
  const verifyEmail = searchParams.get('verify')?.trim() || null
  // Where the new account goes once verified (a team invitation's page, say); kept across the code step.
  const redirect = safeRedirect(searchParams.get('redirect'))

  return (
    <FormCardPage title={t(verifyEmail ? 'accounts.verify.title' : 'accounts.signUp.title')} intro={verifyEmail ? undefined : t('accounts.signUp.intro')}>
      {verifyEmail ? (
        <VerifyCodeForm
          key={verifyEmail}
          email={verifyEmail}
          resendAvailableAt={resendAvailableAt}
          // A new account is never onboarded yet: this lands on the onboarding's first step, or back on a team invitation.
          onVerified={(session) => completeSignIn(session, true, redirect)}
        />
      ) : (
        <SignUpForm
          onCodeSent={({ email, resendAvailableAt: until }) => {
            setResendAvailableAt(until)
            setSearchParams(redirect ? { verify: email, redirect } : { verify: email })
          }}
        />
      )}
    </FormCardPage>
  )
}
