import { act, render } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { useId } from './mantine-use-id'

describe("Mantine's useId as the build gives it", () => {
  it('keeps the id the server wrote when the page hydrates, with one render only', async () => {
    let renders = 0
    function Labelled({ id }: { id?: string }) {
      renders += 1
      const headingId = useId(id)
      return <h2 id={headingId}>Newest listings</h2>
    }
    const container = document.createElement('div')
    document.body.append(container)
    container.innerHTML = renderToString(<Labelled />)
    const written = container.querySelector('h2')?.id
    expect(written).toMatch(/^mantine-/)

    renders = 0
    const root = await act(async () => hydrateRoot(container, <Labelled />))
    expect(renders).toBe(1)
    expect(container.querySelector('h2')?.id).toBe(written)
    act(() => root.unmount())
    container.remove()

    expect(render(<Labelled id="given" />).container.querySelector('h2')?.id).toBe('given')
  })
})
