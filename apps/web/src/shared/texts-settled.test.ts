import { describe, expect, it } from 'vitest'
import { textsLoading, textsSettled, withTexts } from './texts-settled'

function deferred() {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const promise = new Promise<void>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

describe('a part loaded beside its page waits for the texts the page asked for (decision 088)', () => {
  it('gives the module only once the texts under way have arrived', async () => {
    const texts = deferred()
    textsLoading(texts.promise)
    let arrived = false
    const load = withTexts(() => Promise.resolve({ part: 'counter form' }))().then((module) => {
      arrived = true
      return module
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(arrived).toBe(false)
    texts.resolve()
    await expect(load).resolves.toEqual({ part: 'counter form' })
  })

  it('waits for texts asked for while it waited, and not for a load that failed', async () => {
    const first = deferred()
    const second = deferred()
    textsLoading(first.promise)
    let settled = false
    const waiting = textsSettled().then(() => (settled = true))
    textsLoading(second.promise)
    first.reject(new Error('network'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(settled).toBe(false)
    second.resolve()
    await waiting
    expect(settled).toBe(true)
  })

  it('gives the module at once when no texts are under way', async () => {
    await expect(withTexts(() => Promise.resolve('here'))()).resolves.toBe('here')
  })
})
