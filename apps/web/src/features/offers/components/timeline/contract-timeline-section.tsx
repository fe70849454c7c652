import { useState } from 'react'
import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { noticeTypesFor } from '@offerbook/domain/contract-notices'
import { dateInZone } from '@offerbook/domain/property-time'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { TimelineState, TimelineViewItem } from '@offerbook/domain/contract-timeline-view'
import type { Message, MessageKey } from '@offerbook/domain/messages'
import type { OfferView } from '@offerbook/domain/offer'
import { errorText, translate } from '../../../../shared/i18n/messages'
import { useOfferTimeline } from '../../api/timeline'
import { useContractNotices } from '../../api/notices'
import type { NoticeTarget } from './notice-dialog'
import { NoticeDialog } from './notice-dialog'
import { NoticesList } from './notices-list'
import { formatCalendarDate } from '../details/offer-format'
import { DetailsSection } from '../details/term-list'
import { WARNING_FILL } from '../../../../shared/ui/warning-color'

/** Shade 9 (gray 8) under white text, 4.5:1 or more (WCAG AA); the word says the state, the colour only repeats it. */
const STATE_COLORS: Readonly<Record<TimelineState, string>> = { upcoming: 'gray.8', dueSoon: WARNING_FILL, missed: 'red.9', done: 'green.9', waived: 'violet.9' }

function StateBadge({ state }: { state: TimelineState }) {
  const { t } = useTranslation()
  return (
    <Badge color={STATE_COLORS[state]} variant="filled" tt="none" autoContrast data-state={state}>
      {t(`offerTimeline.state.${state}`)}
    </Badge>
  )
}

function TimelineEntry({ item, language, onSendNotice }: { item: TimelineViewItem; language: string; onSendNotice: (() => void) | null }) {
  const { t } = useTranslation()
  const when = item.date
    ? item.estimated
      ? t('offerTimeline.byAtTheLatest', { date: formatCalendarDate(item.date, language) })
      : t('offerTimeline.by', { date: formatCalendarDate(item.date, language) })
    : item.waitsFor
      ? t(`offerTimeline.waitsFor.${item.waitsFor}`)
      : ''
  return (
    <Stack component="li" gap={4} data-testid={`timeline-item-${item.kind}`} style={{ listStyle: 'none', overflowWrap: 'anywhere' }}>
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Text fw={700}>{translate(item.title as MessageKey)}</Text>
        <StateBadge state={item.state} />
      </Group>
      <Text size="sm">
        {item.date ? <time dateTime={item.date}>{when}</time> : when}
        {' · '}
        {t('offerTimeline.owner', { owner: t(`offerTimeline.owners.${item.owner}`) })}
      </Text>
      {item.nonBusinessDay && (
        <Text size="sm" c="dimmed">
          {item.lastBusinessDay ? t('offerTimeline.lastBusinessDay', { date: formatCalendarDate(item.lastBusinessDay, language) }) : t('offerTimeline.notBusinessDay')}
        </Text>
      )}
      <Text size="sm">
        <Text span fw={600} size="sm">
          {t('offerTimeline.ifNothing')}
        </Text>{' '}
        {translate(item.ifNothing as Message)}
      </Text>
      {onSendNotice && (
        <Group>
          <Button size="xs" variant="light" onClick={onSendNotice} data-testid={`send-notice-${item.kind}`} aria-label={t('contractNotices.sendFor', { item: translate(item.title as MessageKey) })}>
            {t('contractNotices.sendNotice')}
          </Button>
        </Group>
      )}
    </Stack>
  )
}

/**
 * The contract's timeline on the offer page of both sides (issue #34): once binding, each date the
 * accepted terms set, with its owner, its state now and what happens if nobody acts; before, when it
 * starts. Dates are calendar dates in the property's time zone, as the API counts them. A principal
 * broker reads an agent's contract here too, `readOnly`: nothing that acts on the contract shows.
 */
export function ContractTimelineSection({
  offer,
  headingOrder = 2,
  readOnly = false,
}: {
  offer: Pick<OfferView, 'id' | 'bindingAgreementAt'>
  headingOrder?: 2 | 3 | 4
  /** A principal broker reading an agent's contract (decision 067): the items only, nothing to act on. */
  readOnly?: boolean
}) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const bound = offer.bindingAgreementAt !== null
  const timeline = useOfferTimeline(offer.id, bound)
  // The notices the viewer's side may send (decision 065); a principal broker reads only.
  const notices = useContractNotices(offer.id, bound && !readOnly)
  const [target, setTarget] = useState<NoticeTarget | null>(null)
  const side = notices.data?.side ?? null

  let body: React.ReactNode
  if (!bound) body = <Text data-testid="timeline-not-binding">{t('offerTimeline.notBinding')}</Text>
  else if (timeline.isPending)
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('offerTimeline.loading')}</Text>
      </Group>
    )
  else if (timeline.isError)
    body = (
      <Alert color="red" variant="light" role="alert">
        {errorText(timeline.error)}
      </Alert>
    )
  else {
    const view = timeline.data
    body = (
      <Stack gap="md">
        {readOnly && (
          <Text size="sm" data-testid="timeline-read-only">
            {t('offerTimeline.readOnly')}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {view.bindingAgreementDate ? t('offerTimeline.countedFrom', { date: formatCalendarDate(view.bindingAgreementDate, language) }) : t('offerTimeline.notBinding')}
        </Text>
        {view.items.length === 0 ? (
          view.bindingAgreementDate && <Text>{t('offerTimeline.none')}</Text>
        ) : (
          <Stack component="ol" gap="lg" p={0} m={0} aria-label={t('offerTimeline.title')}>
            {view.items.map((item) => {
              const types = side && item.state !== 'done' && item.state !== 'waived' ? noticeTypesFor(item.kind, side) : []
              return <TimelineEntry key={item.kind} item={item} language={language} onSendNotice={types.length > 0 ? () => setTarget({ kind: 'item', item: item.kind, types }) : null} />
            })}
          </Stack>
        )}
        {!readOnly && (
          <NoticesList
            notices={notices}
            headingOrder={(headingOrder + 1) as 3 | 4 | 5}
            onTerminate={notices.data && notices.data.terminationGrounds.length > 0 ? () => setTarget({ kind: 'termination', grounds: notices.data!.terminationGrounds }) : null}
          />
        )}
        {!readOnly && view.bindingAgreementDate && (
          <NoticeDialog offerId={offer.id} target={target} today={dateInZone(new Date(), view.zone)} bindingDate={view.bindingAgreementDate} signers={notices.data?.signers ?? []} onClose={() => setTarget(null)} />
        )}
      </Stack>
    )
  }
  return (
    <DetailsSection title={t('offerTimeline.title')} headingOrder={headingOrder}>
      {body}
    </DetailsSection>
  )
}
