import { Container } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { useCurrentUser, useSetCurrentUser } from '../../features/auth/api/get-me'
import { OnboardingWizard } from '../../features/onboarding/components/onboarding-wizard'
import { OnboardingSignInPrompt } from '../../features/onboarding/components/onboarding-sign-in-prompt'
import { stepFrom } from '../../features/onboarding/onboarding-steps'
import { useSession } from '../../shared/session'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { RetryAlert } from '../../shared/ui/retry-alert'
import type { PageProps } from '../page-props'


export default function OnboardingPage({ params }: PageProps) {
  const { t } = useTranslation()
  const session = useSession()
  const me = useCurrentUser()
  const setCurrentUser = useSetCurrentUser()

  let content
  if (!session) content = <OnboardingSignInPrompt />
  else if (me.data) content = <OnboardingWizard step={stepFrom(params.step)} user={me.data} onCompleted={setCurrentUser} />
  else if (me.isError) content = <RetryAlert message={t('guard.userFailed')} onRetry={() => void me.refetch()} />
  else content = <CenteredLoader />

  return (
    <Container size={640} px={0}>
      {content}
    </Container>
  )
}
