import { Badge } from '@mantine/core'
import type { BadgeProps } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { StandardStatus } from '@offerbook/domain/listing'
import { statusColor } from './status-options'

export function ListingStatusBadge({ status, size = 'md' }: { status: StandardStatus; size?: BadgeProps['size'] }) {
  const { t } = useTranslation()
  return (
    <Badge color={statusColor(status)} variant="filled" size={size} tt="none" autoContrast>
      {t(`listing.status.${status}`)}
    </Badge>
  )
}
