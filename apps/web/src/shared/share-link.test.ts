import { describe, expect, it, vi } from 'vitest'
import { shareLink } from './share-link'

const data = { title: '2710 Larkspur Way', text: 'Take a look at this home: 2710 Larkspur Way', url: 'https://offerbook.test/property/1' }

describe('shareLink', () => {
  it('opens the system share sheet when the browser has one, and copies nothing', async () => {
    const share = vi.fn(async () => {})
    const writeText = vi.fn(async () => {})
    expect(await shareLink(data, { share, canShare: () => true, clipboard: { writeText } })).toBe('shared')
    expect(share).toHaveBeenCalledWith(data)
    expect(writeText).not.toHaveBeenCalled()
  })

  it('copies the link when there is no share sheet', async () => {
    const writeText = vi.fn(async () => {})
    expect(await shareLink(data, { clipboard: { writeText } })).toBe('copied')
    expect(writeText).toHaveBeenCalledWith(data.url)
  })

  it('takes a closed sheet as the reader changing their mind, and copies when the sheet fails otherwise', async () => {
    const writeText = vi.fn(async () => {})
    const closed = vi.fn(async () => Promise.reject(new DOMException('closed', 'AbortError')))
    expect(await shareLink(data, { share: closed, clipboard: { writeText } })).toBe('cancelled')
    expect(writeText).not.toHaveBeenCalled()
    const broken = vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError')))
    expect(await shareLink(data, { share: broken, clipboard: { writeText } })).toBe('copied')
  })

  it('copies when the sheet cannot take the data, and fails when the clipboard is refused too', async () => {
    const share = vi.fn(async () => {})
    const refused = vi.fn(async () => Promise.reject(new Error('denied')))
    expect(await shareLink(data, { share, canShare: () => false, clipboard: { writeText: refused } })).toBe('failed')
    expect(share).not.toHaveBeenCalled()
    expect(await shareLink(data, {})).toBe('failed')
  })
})
