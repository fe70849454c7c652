import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../../test/render'
import { ShareHomeButton } from './share-home-button'

const url = 'https://offerbook.test/property/7d4a3c52-5b87-4c55-9a45-0a8c4e4f0f11'
const address = '2710 Larkspur Way, Franklin, TN 37064'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ShareHomeButton', () => {
  it("a visitor without a share sheet copies the link and is told so ('Link copied')", async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } })
    renderAt(<ShareHomeButton address={address} url={url} />)
    await userEvent.click(screen.getByRole('button', { name: 'Share this home' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Link copied. Paste it wherever you want to share this home.'))
    expect(writeText).toHaveBeenCalledWith(url)
  })

  it("a visitor with a share sheet gets it, with the home's address and link", async () => {
    const share = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, share, canShare: () => true })
    renderAt(<ShareHomeButton address={address} url={url} />)
    await userEvent.click(screen.getByRole('button', { name: 'Share this home' }))
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: address, text: `Take a look at this home: ${address}`, url }))
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('shows the link to copy by hand when the clipboard is refused', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } })
    renderAt(<ShareHomeButton address={address} url={url} />)
    await userEvent.click(screen.getByRole('button', { name: 'Share this home' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`The link could not be copied. Copy it from here: ${url}`))
  })

  it("signed in, opens Offerbook's Send dialog instead", async () => {
    const onSend = vi.fn()
    renderAt(<ShareHomeButton address={address} url={url} onSend={onSend} />)
    await userEvent.click(screen.getByRole('button', { name: 'Share this home' }))
    expect(onSend).toHaveBeenCalledTimes(1)
  })
})
