import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { TeamMembership } from '@offerbook/domain/teams'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { useDialog } from '../../../shared/ui/app-dialog'
import { useLeaveTeam } from '../api/teams'

/** The teams (and the brokerage) the user is on, one card each (a person may be in a brokerage and on an agent's team), each with Leave after a confirmation. */
export function MembershipsList({ memberships }: { memberships: readonly TeamMembership[] }) {
  const { t } = useTranslation()
  const dialog = useDialog()
  const leave = useLeaveTeam()

  if (memberships.length === 0) return <Text c="dimmed">{t('teams.memberships.empty')}</Text>

  const askLeave = async (membership: TeamMembership) => {
    const name = membership.leaderName
    const confirmed = await dialog.confirm({ title: t('teams.memberships.leaveTitle', { name }), message: t('teams.memberships.leaveMessage', { name }), confirmLabel: t('teams.memberships.leaveConfirm') })
    if (!confirmed) return
    leave.mutate(membership.leaderId, { onSuccess: () => notifySuccess(t('teams.memberships.left', { name })), onError: notifyError })
  }

  return (
    <Stack gap="sm">
      {memberships.map((membership) => (
        <Paper key={membership.leaderId} withBorder p="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>{t(membership.brokerage || membership.leadsBrokerage ? 'teams.memberships.brokerage' : 'teams.memberships.leader', { name: membership.leaderName })}</Text>
                <Badge variant="light">{t(`teams.kind.${membership.kind}`)}</Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {membership.leaderEmail} · {t(`teams.access.${membership.access}`)}
              </Text>
              {/* Staff of a principal broker read the brokerage's transactions (decision 072). */}
              {membership.leadsBrokerage && !membership.brokerage && <Text size="sm">{t(membership.access === 'all' ? 'teams.memberships.readsAll' : 'teams.memberships.readsDesignated')}</Text>}
            </Stack>
            <Button size="xs" color="red" variant="light" onClick={() => void askLeave(membership)} aria-label={t('teams.memberships.leaveOf', { name: membership.leaderName })}>
              {t('teams.memberships.leave')}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  )
}
