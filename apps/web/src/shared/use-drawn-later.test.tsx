import { act, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useDrawnLater } from './use-drawn-later'

function Probe({ ready, seen }: { ready: boolean; seen: boolean[] }) {
  const drawn = useDrawnLater(ready)
  seen.push(drawn)
  return <p>{drawn ? 'the list' : 'loading'}</p>
}

describe('useDrawnLater: a screen drawn in a deferred render once its data is here (issue 36)', () => {
  it('reads false in the render where the data arrives, and true in the deferred one after it', async () => {
    const seen: boolean[] = []
    const view = render(<Probe ready={false} seen={seen} />)
    expect(view.container.textContent).toBe('loading')
    seen.length = 0
    await act(async () => view.rerender(<Probe ready seen={seen} />))
    expect(seen[0]).toBe(false)
    expect(seen.at(-1)).toBe(true)
    expect(view.container.textContent).toBe('the list')
  })

  it('starts with false even when the data is already here, and then draws it', async () => {
    const seen: boolean[] = []
    let view: ReturnType<typeof render> | undefined
    await act(async () => {
      view = render(<Probe ready seen={seen} />)
    })
    expect(seen[0]).toBe(false)
    expect(view?.container.textContent).toBe('the list')
  })
})
