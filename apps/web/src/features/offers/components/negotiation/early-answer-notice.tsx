import { useState } from 'react'
import { Alert, Group, List, Loader, Text } from '@mantine/core'
import { IconHourglassHigh } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../../../shared/i18n/translation'
import { formatZonedDateTime } from '@offerbook/domain/property-time'
import { openBestRequestQuery } from '../../api/negotiation'
import { buyerNamesText } from '../seller/buyer-names'

export type EarlyAnswerNoticeProps = {
  listingId: string
  /** The offer being answered: marked in the list when it is one of those still expected. */
  offerId: string
}

/**
 * In the seller side's accept and decline confirmations: when her own highest-and-best request's
 * deadline is still ahead, it names the deadline (in the property's zone) and the asked offers
 * that have not answered since, so answering early is a choice made knowingly (decision 038).
 * Nothing when no request is open.
 */
export function EarlyAnswerNotice({ listingId, offerId }: EarlyAnswerNoticeProps) {
  const { t, i18n } = useTranslation()
  const query = useQuery(openBestRequestQuery(listingId))
  // When the confirmation opened: a deadline passed by then binds nothing any more.
  const [openedAt] = useState(() => Date.now())

  if (query.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{t('negotiation.early.checking')}</Text>
      </Group>
    )
  }
  const request = query.data
  if (!request || Date.parse(request.deadline) <= openedAt) return null

  const deadline = formatZonedDateTime(new Date(request.deadline), request.timeZone, i18n.language)
  // The offer being answered first, then the others as the request asked them.
  const expected = request.offers.filter((offer) => offer.answeredAt === null).sort((a, b) => Number(b.id === offerId) - Number(a.id === offerId))
  return (
    <Alert color="yellow" variant="light" icon={<IconHourglassHigh size={18} aria-hidden />} title={t('negotiation.early.title')} data-testid="early-answer-notice">
      <Text size="sm">{t('negotiation.early.deadline', { deadline })}</Text>
      {expected.length === 0 ? (
        <Text size="sm" mt="xs">
          {t('negotiation.early.allAnswered', { count: request.offers.length })}
        </Text>
      ) : (
        <>
          <Text size="sm" mt="xs" fw={600}>
            {t('negotiation.early.expected', { count: expected.length })}
          </Text>
          <List size="sm" aria-label={t('negotiation.early.expectedList')}>
            {expected.map((offer) => {
              const names = buyerNamesText(offer.buyerNames, t('offerSeller.optimize.noBuyers'))
              return <List.Item key={offer.id}>{offer.id === offerId ? t('negotiation.early.thisOffer', { names }) : names}</List.Item>
            })}
          </List>
        </>
      )}
      <Text size="sm" mt="xs">
        {t('negotiation.early.question')}
      </Text>
    </Alert>
  )
}
