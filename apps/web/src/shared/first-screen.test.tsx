import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { firstScreenAwaits, firstScreenDrawn, firstScreenPartsSettled, holdFirstScreen, markFirstScreenDrawn, useFirstScreenDrawn } from './first-screen'

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

describe("the first screen waits for the page's parts on their way (decision 101)", () => {
  it('settles once the parts asked before it is drawn have arrived or failed; a part asked after is not waited for', async () => {
    holdFirstScreen()
    let arrive = () => {}
    let fail = () => {}
    firstScreenAwaits(new Promise<void>((resolve) => (arrive = resolve)))
    firstScreenAwaits(new Promise<void>((_resolve, reject) => (fail = () => reject(new Error('network')))))
    let settled = false
    void firstScreenPartsSettled().then(() => (settled = true))
    await act(async () => {})
    expect(settled).toBe(false)
    await act(async () => arrive())
    expect(settled).toBe(false)
    await act(async () => fail())
    expect(settled).toBe(true)

    markFirstScreenDrawn()
    firstScreenAwaits(new Promise(() => {}))
    let after = false
    void firstScreenPartsSettled().then(() => (after = true))
    await act(async () => {})
    expect(after).toBe(true)
  })
})
