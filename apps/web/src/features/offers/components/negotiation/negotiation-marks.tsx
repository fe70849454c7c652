import { Badge, Group } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OptimizeOffer } from '@offerbook/domain/offer-scoring'
import { formatInstant } from '../details/offer-format'
import { PreApprovalBadge } from './pre-approval-badge'

/** What an offer's column in the optimize grid shows of its negotiation: the letter, whose turn it is, the highest-and-best deadline. */
export function NegotiationMarks({ offer, timeZone }: { offer: OptimizeOffer; timeZone: string }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const letter = offer.hasPreApproval ? (offer.preApprovalVerified ? 'verified' : 'pre-approved') : null
  if (!letter && !offer.turn && !offer.bestDeadline && (offer.version ?? 1) === 1) return null
  return (
    <Group gap={4}>
      {letter && <PreApprovalBadge state={letter} />}
      {offer.status === 'countered' && offer.turn && (
        <Badge color="dark.7" variant="outline" tt="none" size="sm">
          {t(`negotiation.turnBadge.${offer.turn}`)}
        </Badge>
      )}
      {(offer.version ?? 1) > 1 && (
        <Badge color="gray.8" variant="outline" tt="none" size="sm">
          {t('negotiation.version', { number: offer.version })}
        </Badge>
      )}
      {offer.bestDeadline && (
        <Badge color="blue.9" variant="outline" tt="none" size="sm">
          {t('negotiation.best.deadlineBadge', { deadline: formatInstant(offer.bestDeadline, language, timeZone) })}
        </Badge>
      )}
    </Group>
  )
}
