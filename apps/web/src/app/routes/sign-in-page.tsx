import { Container, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import type { User } from '@offerbook/domain/user'
import { homePathFor, resolveVisit, safeRedirect } from '@offerbook/domain/route-access'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { useSignOut } from '../../features/auth/api/sign-out'
import { SignInForm } from '../../features/auth/components/sign-in-form'
import { SignedInPanel } from '../../features/auth/components/signed-in-panel'
import { useSession } from '../../shared/session'
import { CenteredLoader } from '../../shared/ui/centered-loader'

/** The asked-for page when this user may open it, else the user's home (no loop back to sign-in). */
function destinationFor(user: User, redirect: string | null): string {
  if (redirect && resolveVisit(redirect, user.roles).route.name !== 'sign-in') return redirect
  return homePathFor(user.roles)
}

export default function SignInPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const redirect = safeRedirect(searchParams.get('redirect'))
  const session = useSession()
  const me = useCurrentUser()
  const signOut = useSignOut()

  const go = (user: User) => void navigate(destinationFor(user, redirect), { replace: true })

  let content
  if (session && me.data) {
    const user = me.data
    content = <SignedInPanel user={user} onContinue={() => go(user)} onSwitchAccount={() => signOut.mutate()} switching={signOut.isPending} />
  } else if (session && me.isPending) {
    content = <CenteredLoader />
  } else {
    content = <SignInForm onSignedIn={go} />
  }

  return (
    <Container size={460} px={0}>
      <Stack gap="md">
        <Title order={1}>{t('auth.signIn')}</Title>
        <Text c="gray.7">{t('auth.signInIntro')}</Text>
        <Paper withBorder shadow="sm" p="lg">
          {content}
        </Paper>
      </Stack>
    </Container>
  )
}
