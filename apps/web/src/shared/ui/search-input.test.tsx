import { useState } from 'react'
import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../test/render'
import type { SearchInputProps } from './search-input'
import { SearchInput } from './search-input'

function Harness(props: Partial<SearchInputProps> & Pick<SearchInputProps, 'onSearch'>) {
  const [value, setValue] = useState('')
  return <SearchInput {...props} value={value} onChange={setValue} />
}

// The clock moves only when a test says so, so 499 ms and 500 ms are exact. user-event waits on
// real timers between actions, so keystrokes are fired directly.
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))
const searchbox = () => screen.getByRole('searchbox', { name: 'Search' })

/** Types `text` one character at a time, `gapMs` apart, as a person would. */
async function typeSlowly(text: string, gapMs = 0) {
  for (let i = 1; i <= text.length; i++) {
    fireEvent.change(searchbox(), { target: { value: text.slice(0, i) } })
    if (gapMs && i < text.length) await wait(gapMs)
  }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('SearchInput', () => {
  it('searches 500 ms after the last keystroke, not at 499 ms, with the last text', async () => {
    const onSearch = vi.fn()
    renderAt(<Harness onSearch={onSearch} />)
    await typeSlowly('nashville')

    await wait(499)
    expect(onSearch).not.toHaveBeenCalled()
    await wait(1)
    expect(onSearch.mock.calls).toEqual([['nashville']])
  })

  it('searches once for a burst of typing with pauses shorter than the delay', async () => {
    const onSearch = vi.fn()
    renderAt(<Harness onSearch={onSearch} />)
    await typeSlowly('nashville', 300)
    await wait(499)
    expect(onSearch).not.toHaveBeenCalled()

    await wait(1)
    expect(onSearch.mock.calls).toEqual([['nashville']])
    await wait(2000)
    expect(onSearch).toHaveBeenCalledTimes(1)
  })

  it('waits for debounceMs when it is given', async () => {
    const onSearch = vi.fn()
    renderAt(<Harness onSearch={onSearch} debounceMs={200} />)
    await typeSlowly('memphis')

    await wait(199)
    expect(onSearch).not.toHaveBeenCalled()
    await wait(1)
    expect(onSearch.mock.calls).toEqual([['memphis']])
  })

  it('drops the pending search when it leaves the page', async () => {
    const onSearch = vi.fn()
    const view = renderAt(<Harness onSearch={onSearch} />)
    await typeSlowly('knoxville')
    view.unmount()

    await wait(1000)
    expect(onSearch).not.toHaveBeenCalled()
  })

  it('clears with the Clear search button, searches for nothing at once and drops the pending search', async () => {
    const onSearch = vi.fn()
    renderAt(<Harness onSearch={onSearch} />)
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull()
    await typeSlowly('franklin')
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }))

    expect(searchbox()).toHaveProperty('value', '')
    expect(onSearch.mock.calls).toEqual([['']])
    expect(document.activeElement).toBe(searchbox())
    await wait(1000)
    expect(onSearch.mock.calls).toEqual([['']])
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull()
  })

  it('searches at once on Enter and clears on Escape', async () => {
    const onSearch = vi.fn()
    renderAt(<Harness onSearch={onSearch} />)
    await typeSlowly('clarksville')
    fireEvent.keyDown(searchbox(), { key: 'Enter' })
    expect(onSearch.mock.calls).toEqual([['clarksville']])

    fireEvent.keyDown(searchbox(), { key: 'Escape' })
    expect(searchbox()).toHaveProperty('value', '')
    await wait(1000)
    expect(onSearch.mock.calls).toEqual([['clarksville'], ['']])
  })
})
