import { Component, type ReactNode } from 'react'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { moduleBeside } from './module-beside'

type Greeting = { text: string }

/** An import the test settles by hand: each call is one load attempt. */
function controlledImporter() {
  const attempts: { resolve: (module: Greeting) => void; reject: (error: Error) => void }[] = []
  const importer = () => new Promise<Greeting>((resolve, reject) => attempts.push({ resolve, reject }))
  return { attempts, importer }
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null }
  static getDerivedStateFromError(error: Error) {
    return { error: error.message }
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children
  }
}

describe('moduleBeside: a module loaded beside the page that needs it', () => {
  it('starts at once unless told to wait, and then starts with start() or the first use()', async () => {
    const eager = controlledImporter()
    moduleBeside(eager.importer)
    expect(eager.attempts).toHaveLength(1)

    const lazy = controlledImporter()
    const later = moduleBeside(lazy.importer, { eager: false })
    expect(lazy.attempts).toHaveLength(0)
    later.start()
    later.start()
    expect(lazy.attempts).toHaveLength(1)
  })

  it('waits for `after` (the first screen drawn), unless a part of the first screen or a click asks for it now', async () => {
    let drawn = () => {}
    const firstScreen = new Promise<void>((resolve) => (drawn = resolve))
    const waiting = controlledImporter()
    const beside = moduleBeside(waiting.importer, { after: () => firstScreen })
    function Later() {
      return <p>{beside.use()?.text ?? 'later'}</p>
    }
    render(<Later />)
    await act(async () => {})
    expect(waiting.attempts).toHaveLength(0)
    await act(async () => drawn())
    expect(waiting.attempts).toHaveLength(1)
    await act(async () => waiting.attempts[0]!.resolve({ text: 'here' }))
    expect(screen.getByText('here')).toBeTruthy()

    const first = controlledImporter()
    const now = moduleBeside(first.importer, { after: () => new Promise(() => {}) })
    function FirstScreen() {
      return <p>{now.use(true)?.text ?? 'loading'}</p>
    }
    render(<FirstScreen />)
    await act(async () => {})
    expect(first.attempts).toHaveLength(1)

    const clicked = controlledImporter()
    void moduleBeside(clicked.importer, { after: () => new Promise(() => {}) }).load()
    expect(clicked.attempts).toHaveLength(1)
  })

  it('draws a stand-in until the module arrives, then draws with it', async () => {
    const { attempts, importer } = controlledImporter()
    const greeting = moduleBeside(importer, { eager: false })
    function Hello() {
      const module = greeting.use()
      return <p>{module ? module.text : 'loading'}</p>
    }
    render(<Hello />)
    expect(screen.getByText('loading')).toBeTruthy()
    expect(attempts).toHaveLength(1)
    await act(async () => attempts[0]?.resolve({ text: 'hello' }))
    expect(await screen.findByText('hello')).toBeTruthy()
  })

  it('tries a failed load again on the next ask, and hands a failure in drawing to the error boundary', async () => {
    const { attempts, importer } = controlledImporter()
    const greeting = moduleBeside(importer, { eager: false })
    const first = expect(greeting.load()).rejects.toThrow('network down')
    await act(async () => attempts[0]?.reject(new Error('network down')))
    await first

    function Hello() {
      const module = greeting.use()
      return <p>{module ? module.text : 'loading'}</p>
    }
    // React reports the error it hands to the boundary.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(
      <Boundary>
        <Hello />
      </Boundary>,
    )
    expect(attempts).toHaveLength(2)
    await act(async () => attempts[1]?.reject(new Error('still down')))
    expect(await screen.findByText('failed: still down')).toBeTruthy()
    expect(reported).toHaveBeenCalled()

    const retried = greeting.load()
    expect(attempts).toHaveLength(3)
    attempts[2]?.resolve({ text: 'hello' })
    await expect(retried).resolves.toEqual({ text: 'hello' })
  })
})
