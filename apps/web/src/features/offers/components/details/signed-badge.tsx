import { Badge } from '@mantine/core'
import type { BadgeProps } from '@mantine/core'
import { IconSignature } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/** The day every party signed the offer packet electronically (issue #12), in the reader's language. */
export function formatSignedDay(iso: string, language: string): string {
  const instant = new Date(iso)
  if (Number.isNaN(instant.getTime())) return iso
  return dateTimeFormat(language, { dateStyle: 'medium' }).format(instant)
}

/** 'Signed electronically' with the day, beside an offer's status once every party has signed it; nothing before. */
export function SignedBadge({ signedAt, size = 'md' }: { signedAt: string | null; size?: BadgeProps['size'] }) {
  const { t, i18n } = useTranslation()
  if (!signedAt) return null
  return (
    <Badge color="teal.9" variant="filled" size={size} tt="none" autoContrast leftSection={<IconSignature size={14} aria-hidden />} data-testid="offer-signed-badge">
      <time dateTime={signedAt}>{t('offerView.signedBadge', { date: formatSignedDay(signedAt, i18n.language) })}</time>
    </Badge>
  )
}
