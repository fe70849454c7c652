import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useDraft } from './use-draft'

describe('useDraft', () => {
  it('starts from the value in the address and keeps what is typed', () => {
    const { result } = renderHook(({ q }) => useDraft(q), { initialProps: { q: 'oak' } })
    expect(result.current.draft).toBe('oak')
    act(() => result.current.setDraft('oak st'))
    expect(result.current.draft).toBe('oak st')
  })

  it('takes a new value from the address (Back, a link) in place of what is typed', () => {
    const { result, rerender } = renderHook(({ q }) => useDraft(q), { initialProps: { q: 'oak' } })
    act(() => result.current.setDraft('oak st'))
    rerender({ q: 'elm' })
    expect(result.current.draft).toBe('elm')
  })

  it('keeps what is typed on when the address catches up with what the field sent', () => {
    const { result, rerender } = renderHook(({ q }) => useDraft(q), { initialProps: { q: '' } })
    act(() => {
      result.current.setDraft('Qu')
      result.current.sent('Qu')
    })
    act(() => result.current.setDraft('Quill'))
    // Redrawn before the address changes, then after.
    rerender({ q: '' })
    expect(result.current.draft).toBe('Quill')
    rerender({ q: 'Qu' })
    expect(result.current.draft).toBe('Quill')
    // Later visits to that value through the history show it again.
    rerender({ q: '' })
    expect(result.current.draft).toBe('')
    rerender({ q: 'Qu' })
    expect(result.current.draft).toBe('Qu')
  })
})
