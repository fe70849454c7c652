import { useState } from 'react'
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { useNavigate, useSearchParams } from '../../shared/navigation'
import { homePathFor, signInPathFor } from '@offerbook/domain/route-access'
import type { TeamMembership } from '@offerbook/domain/teams'
import { TEAM_INVITATION_PATH } from '@offerbook/domain/teams'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { useSignOut } from '../../features/auth/api/sign-out'
import { useInvitationPreview } from '../../features/teams/api/teams'
import { InvitationAnswer, InvitationJoined } from '../../features/teams/components/invitation-answer'
import { errorText } from '../../shared/i18n/messages'
import { useSession } from '../../shared/session'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/**
 * /team-invitation?token=… (public, issue #16): the link of a team invitation. Anyone holding it sees
 * who invites them; an anonymous visitor signs in or up and comes back here; the invitee accepts or declines.
 */
export default function TeamInvitationPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  const preview = useInvitationPreview(token)
  const session = useSession()
  const me = useCurrentUser()
  const signOut = useSignOut()
  const here = `${TEAM_INVITATION_PATH}?token=${encodeURIComponent(token)}`
  // Kept here, not in the answer: once accepted, the invitation reads as used whenever it is asked
  // again (the window regains focus), and the invitee must still see the welcome.
  const [joined, setJoined] = useState<TeamMembership | null>(null)
  const continuePath = me.data ? homePathFor(me.data.roles) : '/'

  let content
  if (joined) content = <InvitationJoined membership={joined} continuePath={continuePath} />
  else if (!token) content = <Alert color="red" role="alert">{t('teams.invitation.invalid')}</Alert>
  else if (preview.isPending || (session && me.isPending)) {
    content = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('teams.invitation.loading')}</Text>
      </Group>
    )
  } else if (preview.isError) {
    content = (
      <Alert color="red" role="alert">
        {errorText(preview.error)}
      </Alert>
    )
  } else {
    const invitation = preview.data
    const name = invitation.leaderName
    const kind = t(`teams.invitation.as.${invitation.kind}`)
    const stateText = { expired: t('teams.invitation.expired', { name }), revoked: t('teams.invitation.revoked'), accepted: t('teams.invitation.accepted') }
    content = (
      <Stack gap="md">
        <Text size="lg">{invitation.brokerage ? t('teams.invitation.brokerage', { name }) : t('teams.invitation.team', { name, kind })}</Text>
        {invitation.state === 'pending' ? (
          <>
            <Text size="sm">
              {t('teams.invitation.sentTo', { email: invitation.email })}{' '}
              {t('teams.invitation.expires', { date: dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(invitation.expiresAt)) })}
            </Text>
            <InvitationAnswer
              token={token}
              preview={invitation}
              signedInEmail={session && me.data ? me.data.email : null}
              signInPath={signInPathFor(here)}
              signUpPath={`/auth/sign-up?redirect=${encodeURIComponent(here)}`}
              onSwitchAccount={() => signOut.mutate(undefined, { onSuccess: () => void navigate(signInPathFor(here)) })}
              onJoined={setJoined}
            />
          </>
        ) : (
          <Alert color="yellow" role="alert">
            {stateText[invitation.state]}
          </Alert>
        )}
      </Stack>
    )
  }

  return (
    <Stack gap="lg" maw={640} mx="auto" w="100%" py="xl">
      <Title order={1}>{t('teams.invitation.title')}</Title>
      <Paper withBorder p="lg">
        {content}
      </Paper>
    </Stack>
  )
}
