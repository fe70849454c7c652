import { Text, Timeline } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OfferEvent } from '@offerbook/domain/offer'
import { formatInstant } from './offer-format'

/** What happened to the offer, oldest first, with when and by whom. */
export function OfferTimeline({ events, timeZone }: { events: OfferEvent[]; timeZone?: string | undefined }) {
  const { t, i18n } = useTranslation()
  if (events.length === 0) return <Text c="dimmed">{t('offerView.history.none')}</Text>
  const ordered = [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
  return (
    <Timeline active={ordered.length - 1} bulletSize={14} lineWidth={2}>
      {ordered.map((event, index) => (
        <Timeline.Item key={`${event.type}-${event.at}-${index}`} title={t(`offer.event.${event.type}`)}>
          <Text size="sm">
            <time dateTime={event.at}>{formatInstant(event.at, i18n.language, timeZone)}</time>
            {event.actorName ? ` · ${t('offerView.history.by', { name: event.actorName })}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  )
}
