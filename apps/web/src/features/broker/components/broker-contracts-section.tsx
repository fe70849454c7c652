import type { ReactNode } from 'react'
import { useId, useState } from 'react'
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { Pager } from '../../../shared/ui/pager'
import { useTranslation } from '../../../shared/i18n/translation'
import type { BrokerContract, BrokerContractItem } from '@offerbook/domain/broker-contracts'
import type { TimelineState } from '@offerbook/domain/contract-timeline-view'
import type { MessageKey } from '@offerbook/domain/messages'
import { translate } from '../../../shared/i18n/messages'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { WARNING_FILL } from '../../../shared/ui/warning-color'
import { BROKER_CONTRACTS_PAGE_SIZE, useBrokerContracts } from '../api/broker-contracts'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/** White text on each fill at 4.5:1 or more (WCAG AA); the word says the state, the colour only repeats it. */
const STATE_COLORS: Readonly<Record<TimelineState, string>> = { upcoming: 'gray.8', dueSoon: WARNING_FILL, missed: 'red.9', done: 'green.9', waived: 'violet.9' }

/** A calendar day (YYYY-MM-DD) in the reader's language, read in UTC so no time zone moves the day. */
function formatDay(day: string, language: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  return dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, date)))
}

function ItemLine({ item, language }: { item: BrokerContractItem; language: string }) {
  const { t } = useTranslation()
  return (
    <Group component="li" gap="xs" wrap="wrap" style={{ listStyle: 'none' }} data-testid={`broker-item-${item.kind}`}>
      <Badge color={STATE_COLORS[item.state]} variant="filled" tt="none" autoContrast data-state={item.state}>
        {t(`offerTimeline.state.${item.state}`)}
      </Badge>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('brokerContracts.item', { item: translate(`timeline.${item.kind}` as MessageKey), date: formatDay(item.date, language) })}
      </Text>
    </Group>
  )
}

function ContractEntry({ contract, open, onToggle, timeline, language }: { contract: BrokerContract; open: boolean; onToggle: () => void; timeline: ReactNode; language: string }) {
  const { t } = useTranslation()
  const panelId = useId()
  const agents = contract.agents.map((agent) => t('brokerContracts.agent', { name: agent.name, side: t(`brokerContracts.sides.${agent.side}`) })).join(' · ')
  return (
    <Stack component="li" gap="xs" style={{ listStyle: 'none', overflowWrap: 'anywhere' }} data-testid={`broker-contract-${contract.offerId}`}>
      <Title order={3} size="h5">
        {contract.address}
      </Title>
      <Text size="sm">{agents}</Text>
      <Text size="sm" c="dimmed">
        {t('brokerContracts.bound', { date: formatDay(contract.bindingAgreementDate, language) })}
      </Text>
      {contract.atRisk.length > 0 ? (
        <Stack component="ul" gap={4} p={0} m={0} aria-label={t('brokerContracts.atRisk')}>
          {contract.atRisk.map((item) => (
            <ItemLine key={item.kind} item={item} language={language} />
          ))}
        </Stack>
      ) : (
        <Text size="sm">{t('brokerContracts.noneAtRisk')}</Text>
      )}
      {contract.next && (
        <Text size="sm">{t('brokerContracts.next', { item: translate(`timeline.${contract.next.kind}` as MessageKey), date: formatDay(contract.next.date, language) })}</Text>
      )}
      <Group>
        <Button variant="light" size="xs" aria-expanded={open} aria-controls={panelId} aria-label={t(open ? 'brokerContracts.hideTimelineOf' : 'brokerContracts.showTimelineOf', { address: contract.address })} onClick={onToggle}>
          {t(open ? 'brokerContracts.hideTimeline' : 'brokerContracts.showTimeline')}
        </Button>
      </Group>
      <div id={panelId} hidden={!open}>
        {open && timeline}
      </div>
    </Stack>
  )
}

/**
 * A principal broker's read of the brokerage's open contracts (issue #34 item 6, decision 067): each
 * with its agents, the items missed or due soon and the next one, at-risk contracts first; each opens
 * its timeline read-only (`renderTimeline`, given by the page that composes this section).
 */
export function BrokerContractsSection({ renderTimeline }: { renderTimeline: (contract: BrokerContract) => ReactNode }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const headingId = useId()
  const [page, setPage] = useState(1)
  const [opened, setOpened] = useState<string | null>(null)
  const contracts = useBrokerContracts(page, true)
  const data = contracts.data
  const pages = data ? Math.max(1, Math.ceil(data.total / BROKER_CONTRACTS_PAGE_SIZE)) : 1

  let body: ReactNode
  if (contracts.isPending)
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('brokerContracts.loading')}</Text>
      </Group>
    )
  else if (contracts.isError && !data) body = <LoadFailedAlert title={t('brokerContracts.loadFailed')} error={contracts.error} onRetry={() => void contracts.refetch()} />
  else if (!data || data.items.length === 0) body = <Text data-testid="broker-contracts-empty">{t('brokerContracts.empty')}</Text>
  else
    body = (
      <Stack gap="md">
        <Stack component="ul" gap="lg" p={0} m={0} aria-labelledby={headingId}>
          {data.items.map((contract) => (
            <ContractEntry
              key={contract.offerId}
              contract={contract}
              language={language}
              open={opened === contract.offerId}
              onToggle={() => setOpened((current) => (current === contract.offerId ? null : contract.offerId))}
              timeline={renderTimeline(contract)}
            />
          ))}
        </Stack>
        <Pager pages={pages} page={page} onPage={setPage} label={t('brokerContracts.pages')} />
      </Stack>
    )

  return (
    <Paper component="section" withBorder p="lg" aria-labelledby={headingId} data-testid="broker-contracts">
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          {t('brokerContracts.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('brokerContracts.lead')}
        </Text>
        {body}
      </Stack>
    </Paper>
  )
}
