import { useState } from 'react'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link } from '../../../shared/navigation'
import type { TeamInvitationPreview, TeamMembership } from '@offerbook/domain/teams'
import { errorText } from '../../../shared/i18n/messages'
import { useDialog } from '../../../shared/ui/app-dialog'
import { useAcceptInvitation, useDeclineInvitation } from '../api/teams'

type Props = {
  token: string
  preview: TeamInvitationPreview
  /** The signed-in account's email; null for an anonymous visitor. */
  signedInEmail: string | null
  /** Where sign-in and sign-up send the visitor, returning here afterwards. */
  signInPath: string
  signUpPath: string
  onSwitchAccount: () => void
  /** The membership the invitee just took: the page keeps it, since the invitation reads as used from then on. */
  onJoined: (membership: TeamMembership) => void
}

/** The welcome once the invitee joined, with the way on. */
export function InvitationJoined({ membership, continuePath }: { membership: TeamMembership; continuePath: string }) {
  const { t } = useTranslation()
  return (
    <Stack gap="md">
      <Alert color="green" role="status" title={t('teams.invitation.joinedTitle')}>
        {t(membership.brokerage ? 'teams.invitation.joinedBrokerage' : 'teams.invitation.joined', { name: membership.leaderName })}
      </Alert>
      <Group>
        <Button component={Link} to={continuePath}>
          {t('teams.invitation.continue')}
        </Button>
      </Group>
    </Stack>
  )
}

/** What the invitee does with a pending invitation: sign in or up first, then accept or decline. */
export function InvitationAnswer({ token, preview, signedInEmail, signInPath, signUpPath, onSwitchAccount, onJoined }: Props) {
  const { t } = useTranslation()
  const dialog = useDialog()
  const accept = useAcceptInvitation()
  const decline = useDeclineInvitation()
  const [declined, setDeclined] = useState(false)
  const failure = accept.error ?? decline.error

  if (declined) {
    return (
      <Alert color="gray" role="status">
        {t('teams.invitation.declined')}
      </Alert>
    )
  }
  if (!signedInEmail) {
    return (
      <Stack gap="md">
        <Text>{t('teams.invitation.anonymous')}</Text>
        <Group>
          <Button component={Link} to={signInPath}>
            {t('teams.invitation.signIn')}
          </Button>
          <Button component={Link} to={signUpPath} variant="default">
            {t('teams.invitation.signUp')}
          </Button>
        </Group>
      </Stack>
    )
  }
  if (signedInEmail.toLowerCase() !== preview.email) {
    return (
      <Stack gap="md">
        <Alert color="yellow" role="alert">
          {t('teams.invitation.otherAccount', { email: preview.email })}
        </Alert>
        <Text size="sm">{t('teams.invitation.signedInAs', { email: signedInEmail })}</Text>
        <Group>
          <Button onClick={onSwitchAccount}>{t('teams.invitation.switchAccount')}</Button>
        </Group>
      </Stack>
    )
  }

  const askDecline = async () => {
    const confirmed = await dialog.confirm({ title: t('teams.invitation.declineTitle'), message: t('teams.invitation.declineMessage', { name: preview.leaderName }), confirmLabel: t('teams.invitation.decline') })
    if (confirmed) decline.mutate(token, { onSuccess: () => setDeclined(true) })
  }

  return (
    <Stack gap="md">
      <Text size="sm">{t('teams.invitation.signedInAs', { email: signedInEmail })}</Text>
      {failure && (
        <Alert color="red" role="alert">
          {errorText(failure)}
        </Alert>
      )}
      <Group>
        <Button onClick={() => accept.mutate(token, { onSuccess: onJoined })} loading={accept.isPending}>
          {t('teams.invitation.accept')}
        </Button>
        <Button variant="default" onClick={() => void askDecline()} loading={decline.isPending}>
          {t('teams.invitation.decline')}
        </Button>
      </Group>
    </Stack>
  )
}
