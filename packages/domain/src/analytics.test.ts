import { describe, expect, it } from 'vitest'
import { AnalyticsPeriodSchema, isIsoDate, periodProblem, resolvePeriod } from './analytics'

describe('the analytics period', () => {
  it('defaults to the 12 months up to today', () => {
    expect(resolvePeriod({}, new Date('2026-11-27T18:00:00Z'))).toEqual({ from: '2025-11-27', to: '2026-11-27' })
    expect(resolvePeriod({ to: '2024-02-29' })).toEqual({ from: '2023-03-01', to: '2024-02-29' })
  })

  it('reads only real calendar days', () => {
    expect(isIsoDate('2024-02-29')).toBe(true)
    expect(isIsoDate('2025-02-29')).toBe(false)
    expect(isIsoDate('2025-1-01')).toBe(false)
  })

  it('refuses an end before its start and a period over five years, on the end date', () => {
    expect(periodProblem({ from: '2025-01-02', to: '2025-01-01' })).toBe('analytics.endBeforeStart')
    expect(periodProblem({ from: '2020-01-01', to: '2025-01-01' })).toBeNull()
    expect(periodProblem({ from: '2020-01-01', to: '2025-01-02' })).toBe('analytics.periodTooLong')
    const result = AnalyticsPeriodSchema.safeParse({ from: '2025-03-01', to: '2025-02-01' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({ path: ['to'], message: 'analytics.endBeforeStart' })
  })
})
