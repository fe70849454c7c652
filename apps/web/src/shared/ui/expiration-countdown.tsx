import { useEffect, useState } from 'react'
import { Text } from '@mantine/core'
import type { MantineSize } from '@mantine/core'
import type { Translate } from '../i18n/translation'
import { useTranslation } from '../i18n/translation'
import { useHydrated } from './use-hydrated'

/** Spec section 9: the countdown refreshes every second. */
export const COUNTDOWN_REFRESH_MS = 1000

const pad = (n: number) => String(n).padStart(2, '0')

function formatRemaining(ms: number, t: Translate): string {
  const total = Math.floor(ms / 1000)
  const days = Math.floor(total / 86_400)
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
  return days > 0 ? `${t('inputs.countdown.days', { count: days })} ${clock}` : clock
}

export type ExpirationCountdownProps = {
  /** When the offer (or anything else) expires: a Date, epoch milliseconds or an ISO 8601 string ('2025-03-14T17:00:00Z'). */
  expiresAt: Date | number | string
  size?: MantineSize
}

function toMs(value: Date | number | string): number | null {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value)
  return Number.isFinite(ms) ? ms : null
}

/**
 * Spec section 4: 'Expires in …' counting down each second, then 'Expired' in red. The time left
 * depends on the moment it is drawn, so a page rendered by the server shows the line empty until the
 * browser has taken the page over (the same HTML on both sides), then counts.
 */
export function ExpirationCountdown({ expiresAt, size = 'sm' }: ExpirationCountdownProps) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const expiryMs = toMs(expiresAt)
  const [now, setNow] = useState(() => Date.now())
  const expired = expiryMs === null || now >= expiryMs

  useEffect(() => {
    if (expired) return
    const timer = window.setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS)
    return () => window.clearInterval(timer)
  }, [expired])

  if (expiryMs === null) return null

  const dateTime = new Date(expiryMs).toISOString()
  if (!hydrated) {
    return (
      <Text size={size} role="timer">
        <time dateTime={dateTime}>{'\u00a0'}</time>
      </Text>
    )
  }
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
