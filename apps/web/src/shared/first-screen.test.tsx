import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { firstScreenDrawn, holdFirstScreen, markFirstScreenDrawn, useFirstScreenDrawn } from './first-screen'

function LaterPart() {
  return useFirstScreenDrawn() ? <p>the bell</p> : null
}

describe("the frame's later parts wait for the first screen (decision 090)", () => {
  it('are drawn at once without a hold, as in the public shell', async () => {
    render(<LaterPart />)
    expect(screen.getByText('the bell')).not.toBeNull()
    await expect(firstScreenDrawn()).resolves.toBeUndefined()
  })

  it('wait while the start holds the first screen, and come once it is drawn', async () => {
    holdFirstScreen()
    let resumed = false
    void firstScreenDrawn().then(() => (resumed = true))
    render(<LaterPart />)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(screen.queryByText('the bell')).toBeNull()
    expect(resumed).toBe(false)

    act(() => markFirstScreenDrawn())
    expect(screen.getByText('the bell')).not.toBeNull()
    await firstScreenDrawn()
    expect(resumed).toBe(true)
  })
})
