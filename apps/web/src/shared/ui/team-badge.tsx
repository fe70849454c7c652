import { Badge, Group, Text } from '@mantine/core'
import { useTranslation } from '../i18n/translation'
import type { TeamMark } from '@offerbook/domain/teams'

/** My Listings and My Offers: a row that reaches the user through a team, and whose it is (issue #16); read only through a brokerage (decision 072). */
export function TeamBadge({ team }: { team: TeamMark | null | undefined }) {
  const { t } = useTranslation()
  if (!team) return null
  return (
    <Group gap={6} wrap="nowrap" data-team-badge>
      <Badge variant="light" color="teal">
        {t('teams.badge')}
      </Badge>
      <Text size="sm">{t(team.readOnly ? 'teams.badgeReadOnlyOf' : 'teams.badgeOf', { name: team.leaderName })}</Text>
    </Group>
  )
}
