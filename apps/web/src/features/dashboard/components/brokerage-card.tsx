import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { Brokerage } from '@offerbook/domain/dashboard'
import { SectionCard } from '../../../shared/ui/section-card'

const STATUS_COLORS = { none: 'gray', pending: 'yellow', approved: 'teal' } as const

/** The user's brokerage (issue #16): their principal broker and its agents, their own team, and their principal-broker request. */
export function BrokerageCard({ brokerage }: { brokerage: Brokerage }) {
  const { t } = useTranslation()
  return (
    <SectionCard title={t('pbDashboard.brokerageTitle')}>
      <Stack gap={4}>
        <Title order={3} size="h6">
          {t('pbDashboard.principalBroker')}
        </Title>
        {brokerage.principalBroker ? (
          <Text size="sm">
            {brokerage.principalBroker.name} ·{' '}
            <Anchor href={`mailto:${brokerage.principalBroker.email}`} size="sm">
              {brokerage.principalBroker.email}
            </Anchor>
          </Text>
        ) : (
          <Text size="sm" c="gray.7">
            {t('pbDashboard.noPrincipalBroker')}
          </Text>
        )}
      </Stack>
      {brokerage.brokerageAgents.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h6">
            {t('pbDashboard.brokerageAgents')}
          </Title>
          <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
            {brokerage.brokerageAgents.map((agent) => (
              <Text component="li" size="sm" key={agent.email}>
                {agent.name} · {agent.email}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
      <Stack gap={4}>
        <Title order={3} size="h6">
          {t('pbDashboard.team')}
        </Title>
        {brokerage.team.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('pbDashboard.noTeam')}
          </Text>
        ) : (
          <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
            {brokerage.team.map((member) => (
              <Text component="li" size="sm" key={member.email}>
                {member.name} · {t(`pbDashboard.memberKinds.${member.kind === 'staff' ? 'staff' : 'agent'}`)} · {t(`pbDashboard.access.${member.access === 'designated' ? 'designated' : 'all'}`)}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('pbDashboard.requestStatus')}
        </Text>
        <Badge variant="light" color={STATUS_COLORS[brokerage.principalBrokerStatus]}>
          {t(`pbDashboard.requestStatuses.${brokerage.principalBrokerStatus}`)}
        </Badge>
      </Group>
    </SectionCard>
  )
}
