import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { useMyTeam } from '../../features/teams/api/teams'
import { InvitationsTable } from '../../features/teams/components/invitations-table'
import { InviteForm } from '../../features/teams/components/invite-form'
import { MembersTable } from '../../features/teams/components/members-table'
import { MembershipsList } from '../../features/teams/components/memberships-list'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { LoadFailedAlert } from '../../shared/ui/load-failed-alert'
import { SectionCard } from '../../shared/ui/section-card'

/** /manageTeam (issue #16): invite, members and their access, open invitations, and the teams the user is on. */
export default function ManageTeamPage() {
  const { t } = useTranslation()
  const team = useMyTeam()

  let content
  if (team.isPending) content = <CenteredLoader />
  else if (team.isError) content = <LoadFailedAlert title={t('teams.loadFailed')} error={team.error} onRetry={() => void team.refetch()} />
  else {
    const { listings, offers } = team.data
    content = (
      <>
        <SectionCard title={t('teams.invite.title')}>
          <InviteForm listings={listings} offers={offers} />
        </SectionCard>
        <SectionCard title={t('teams.members.title')}>
          <MembersTable members={team.data.members} listings={listings} offers={offers} />
        </SectionCard>
        <SectionCard title={t('teams.invitations.title')}>
          <InvitationsTable invitations={team.data.invitations} />
        </SectionCard>
        <SectionCard title={t('teams.memberships.title')}>
          <MembershipsList memberships={team.data.memberships} />
        </SectionCard>
      </>
    )
  }

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap="xs">
        <Title order={1}>{t('pages.manageTeam')}</Title>
        <Text>{t('teams.intro')}</Text>
        {team.data?.brokerage && <Text>{t('teams.introBrokerage')}</Text>}
      </Stack>
      {content}
    </Stack>
  )
}
