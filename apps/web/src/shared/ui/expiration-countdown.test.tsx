import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../shared/i18n/i18n'
import { renderAt } from '../../test/render'
import { ExpirationCountdown } from './expiration-countdown'

const NOW = new Date('2025-03-14T12:00:00Z').getTime()
const later = (ms: number) => new Date(NOW + ms)
const SECOND = 1000

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] })
  vi.setSystemTime(NOW)
})

afterEach(() => {
  // The spies below wrap the fake timers: they go first, or the fake setInterval would stay on window.
  vi.restoreAllMocks()
  vi.useRealTimers()
})

const tick = (ms = SECOND) => act(() => vi.advanceTimersByTime(ms))

describe('ExpirationCountdown', () => {
  it('shows the time left with days, then counts down each second', () => {
    renderAt(<ExpirationCountdown expiresAt={later(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * SECOND)} />)
    expect(screen.getByRole('timer').textContent).toBe('Expires in 2d 03:04:05')
    tick()
    expect(screen.getByRole('timer').textContent).toBe('Expires in 2d 03:04:04')
    tick()
    expect(screen.getByRole('timer').textContent).toBe('Expires in 2d 03:04:03')
  })

  it('turns to Expired, in the error red, once the time passes', () => {
    renderAt(<ExpirationCountdown expiresAt={later(2 * SECOND).toISOString()} />)
    expect(screen.getByRole('timer').textContent).toBe('Expires in 00:00:02')
    tick()
    expect(screen.getByRole('timer').textContent).toBe('Expires in 00:00:01')
    tick()
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('Expired')
    expect(status.getAttribute('style')).toContain('color: var(--mantine-color-error)')
    expect(screen.queryByRole('timer')).toBeNull()
  })

  it('shows Expired straight away for a past date, and runs no timer', () => {
    const setInterval = vi.spyOn(window, 'setInterval')
    renderAt(<ExpirationCountdown expiresAt={later(-SECOND)} />)
    expect(screen.getByRole('status').textContent).toBe('Expired')
    expect(setInterval.mock.calls.filter((call) => call[1] === SECOND)).toHaveLength(0)
  })

  it('stops its timer when unmounted', () => {
    const clearInterval = vi.spyOn(window, 'clearInterval')
    const setInterval = vi.spyOn(window, 'setInterval')
    const view = renderAt(<ExpirationCountdown expiresAt={later(60 * SECOND)} />)
    const started = setInterval.mock.results.filter((_, i) => setInterval.mock.calls[i]?.[1] === SECOND).map((result) => result.value as number)
    expect(started).toHaveLength(1)
    view.unmount()
    expect(clearInterval).toHaveBeenCalledWith(started[0])
  })

  it('speaks Spanish', async () => {
    renderAt(<ExpirationCountdown expiresAt={later((26 * 3600 + 1) * SECOND)} />)
    await act(() => i18n.changeLanguage('es-es'))
    expect(screen.getByRole('timer').textContent).toBe('Vence en 1 d 02:00:01')
    await act(() => i18n.changeLanguage('en-us'))
  })
})
