import { renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { usePdfDocument } from './pdf-page'

const getDocument = vi.fn()

vi.mock('pdfjs-dist/legacy/build/pdf.mjs', () => ({ GlobalWorkerOptions: { workerSrc: '' }, getDocument: (...args: unknown[]) => getDocument(...args) }))
vi.mock('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url', () => ({ default: '/worker.mjs' }))

afterEach(() => {
  vi.unstubAllGlobals()
  getDocument.mockReset()
})

describe('usePdfDocument', () => {
  it('fetches the bytes with the given headers and opens them with pdf.js', async () => {
    const doc = { numPages: 2, destroy: vi.fn(async () => {}) }
    getDocument.mockReturnValue({ promise: Promise.resolve(doc) })
    const fetchMock = vi.fn(async () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)

    const { result, unmount } = renderHook(() => usePdfDocument('/api/doc.pdf', { headers: { 'x-signing-token': 'abc' } }))
    expect(result.current.loading).toBe(true)
    await waitFor(() => expect(result.current.doc).toBe(doc))
    expect(result.current.loading).toBe(false)
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/doc.pdf')
    expect(new Headers(init.headers).get('x-signing-token')).toBe('abc')
    expect(Array.from((getDocument.mock.calls[0]?.[0] as { data: Uint8Array }).data)).toEqual([37, 80, 68, 70])
    unmount()
    expect(doc.destroy).toHaveBeenCalled()
  })

  it('gives the server error of a refused download', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', key: 'signing.linkNotValid', message: 'This signing link is not valid' }), { status: 404 })))
    const { result } = renderHook(() => usePdfDocument('/api/doc.pdf'))
    await waitFor(() => expect(result.current.error?.message).toBe('This signing link is not valid'))
    expect(result.current.doc).toBeNull()
    expect(getDocument).not.toHaveBeenCalled()
  })

  it('loads nothing without an address', () => {
    const { result } = renderHook(() => usePdfDocument(null))
    expect(result.current).toEqual({ doc: null, error: null, loading: false })
  })
})
