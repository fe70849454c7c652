import { Badge } from '@mantine/core'
import type { MantineColor } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { StandardStatus } from '@offerbook/domain/listing'

const COLORS: Partial<Record<StandardStatus, MantineColor>> = {
  Active: 'green',
  ComingSoon: 'blue',
  ActiveUnderContract: 'orange',
  Pending: 'yellow',
  Closed: 'gray',
}

export function StatusBadge({ status, size = 'md' }: { status: StandardStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation()
  // The colour is in the dot; the text stays dark, readable at AA whatever the colour.
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="dot" size={size} tt="none" c="gray.9" bg="white">
      {t(`listing.status.${status}`)}
    </Badge>
  )
}
