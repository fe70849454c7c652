import { useEffect, useState } from 'react'
import { Text } from '@mantine/core'
import type { MantineSize } from '@mantine/core'
import dayjs from 'dayjs'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'

/** Spec section 9: the countdown refreshes every second. */
export const COUNTDOWN_REFRESH_MS = 1000

const pad = (n: number) => String(n).padStart(2, '0')

function formatRemaining(ms: number, t: TFunction): string {
  const total = Math.floor(ms / 1000)
  const days = Math.floor(total / 86_400)
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
  return days > 0 ? `${t('inputs.countdown.days', { count: days })} ${clock}` : clock
}

export type ExpirationCountdownProps = {
  /** When the offer (or anything else) expires: a Date, epoch milliseconds or any string dayjs reads ('2025-03-14T17:00:00Z'). */
  expiresAt: Date | number | string
  size?: MantineSize
}

/** Spec section 4: 'Expires in …' counting down each second, then 'Expired' in red. */
export function ExpirationCountdown({ expiresAt, size = 'sm' }: ExpirationCountdownProps) {
  const { t } = useTranslation()
  const expiry = dayjs(expiresAt)
  const expiryMs = expiry.isValid() ? expiry.valueOf() : null
  const [now, setNow] = useState(() => Date.now())
  const expired = expiryMs === null || now >= expiryMs

  useEffect(() => {
    if (expired) return
    const timer = window.setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS)
    return () => window.clearInterval(timer)
  }, [expired])

  if (expiryMs === null) return null

  const dateTime = new Date(expiryMs).toISOString()
  if (expired) {
    return (
      // --mantine-color-error is the theme's darker red (red.9 in light mode), readable at AA contrast.
      <Text size={size} fw={600} role="status" data-expired style={{ color: 'var(--mantine-color-error)' }}>
        <time dateTime={dateTime}>{t('inputs.countdown.expired')}</time>
      </Text>
    )
  }
  return (
    <Text size={size} role="timer">
      <time dateTime={dateTime}>{t('inputs.countdown.expiresIn', { time: formatRemaining(expiryMs - now, t) })}</time>
    </Text>
  )
}
