import { Badge } from '@mantine/core'
import type { MantineColor } from '@mantine/core'
import { useTranslation } from 'react-i18next'
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
  // Dark text on a light tint keeps the label readable (AA) for every colour.
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" size={size} tt="none" c={`${COLORS[status] ?? 'gray'}.9`}>
      {t(`listing.status.${status}`)}
    </Badge>
  )
}
