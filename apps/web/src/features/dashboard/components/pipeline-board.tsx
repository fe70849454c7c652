import { Anchor, Badge, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link } from '../../../shared/navigation'
import type { PipelineStage, PipelineTransaction } from '@offerbook/domain/dashboard'
import { PIPELINE_STAGES } from '@offerbook/domain/dashboard-values'
import { formatPrice } from '../format'

function StageColumn({ stage, transactions }: { stage: PipelineStage; transactions: readonly PipelineTransaction[] }) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const name = t(`pbDashboard.stages.${stage}`)
  return (
    <Paper component="section" withBorder radius="md" p="sm" miw={220} w={220} aria-labelledby={id} data-testid={`stage-${stage}`} bg="var(--mantine-color-gray-0)">
      <Stack gap="xs">
        <Title order={3} size="h5" id={id}>
          {t('pbDashboard.stageCount', { stage: name, count: transactions.length })}
        </Title>
        {transactions.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('pbDashboard.stageEmpty')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {transactions.map((item) => (
              <Paper component="li" key={`${item.side}-${item.id}`} withBorder p="xs" radius="sm">
                <Stack gap={2}>
                  <Anchor component={Link} to={item.href} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.address}
                  </Anchor>
                  <Group gap={4}>
                    <Badge size="xs" variant="light" color={item.side === 'listing' ? 'brand' : 'grape'}>
                      {t(`pbDashboard.sides.${item.side}`)}
                    </Badge>
                    {item.listPrice !== null && (
                      <Text size="xs" c="gray.7">
                        {formatPrice(item.listPrice, i18n.language)}
                      </Text>
                    )}
                  </Group>
                  {item.openOffers > 0 && (
                    <Text size="xs" c="gray.7">
                      {t('pbDashboard.openOffers', { count: item.openOffers })}
                    </Text>
                  )}
                  {item.teamOf && (
                    <Text size="xs" c="gray.7">
                      {t('pbDashboard.teamOf', { name: item.teamOf })}
                    </Text>
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}

/** The pipeline as one column per stage, scrolled sideways on a narrow screen. */
export function PipelineBoard({ transactions }: { transactions: readonly PipelineTransaction[] }) {
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Group align="flex-start" wrap="nowrap" gap="sm" pb="xs">
        {PIPELINE_STAGES.map((stage) => (
          <StageColumn key={stage} stage={stage} transactions={transactions.filter((item) => item.stage === stage)} />
        ))}
      </Group>
    </ScrollArea>
  )
}
