import { Badge } from '@mantine/core'
import type { BadgeProps } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OfferStatus } from '@offerbook/domain/offer-status'

/** Shade 9 (or gray 7/8) under white text: every colour reads at 4.5:1 or more (WCAG AA). */
const STATUS_COLORS: Readonly<Record<OfferStatus, string>> = {
  draft: 'gray.7',
  active: 'teal.9',
  backup: 'cyan.9',
  countered: 'blue.9',
  accepted: 'indigo.9',
  declined: 'red.9',
  withdrawn: 'gray.8',
  expired: 'pink.9',
  closed: 'violet.9',
  terminated: 'grape.9',
}

export function offerStatusColor(status: OfferStatus): string {
  return STATUS_COLORS[status]
}

export function OfferStatusBadge({ status, size = 'md' }: { status: OfferStatus; size?: BadgeProps['size'] }) {
  const { t } = useTranslation()
  return (
    <Badge color={offerStatusColor(status)} variant="filled" size={size} tt="none" autoContrast data-status={status}>
      {t(`offer.status.${status}`)}
    </Badge>
  )
}
