import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { seedQueries } from './page-data'

describe('the answers a public page comes with', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('are shown without asking the API again as the page comes to life, and asked again once 30 s old', async () => {
    vi.useFakeTimers()
    const client = new QueryClient()
    const key = ['properties', { status: 'Active', page: 1 }]
    seedQueries(client, { queries: [{ key, data: { items: ['from the server'] } }] })
    const queryFn = vi.fn(async () => ({ items: ['asked again'] }))

    const first = new QueryObserver(client, { queryKey: key, queryFn })
    const stop = first.subscribe(() => {})
    expect(first.getCurrentResult().data).toEqual({ items: ['from the server'] })
    expect(queryFn).not.toHaveBeenCalled()
    stop()

    vi.advanceTimersByTime(31_000)
    const later = new QueryObserver(client, { queryKey: key, queryFn })
    later.subscribe(() => {})
    await vi.runOnlyPendingTimersAsync()
    expect(queryFn).toHaveBeenCalledTimes(1)
  })
})
