import { renderHook, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiError, fakeApi } from '../../test/fake-api'
import type * as PdfPageModule from './pdf-page'

const getDocument = vi.fn()

vi.mock('pdfjs-dist/legacy/build/pdf.mjs', () => ({ GlobalWorkerOptions: { workerSrc: '' }, getDocument: (...args: unknown[]) => getDocument(...args) }))
vi.mock('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url', () => ({ default: '/worker.mjs' }))

const api = fakeApi()

// The real hook, whatever another file of the same worker mocked this module with (the signing
// components' tests stand a box in for the viewer). pdf.js is the mock above: a pdf.js another file
// loaded is forgotten first, and the mock after this file.
let pdfPage: typeof PdfPageModule
let usePdfDocument: typeof PdfPageModule.usePdfDocument
beforeAll(async () => {
  pdfPage = await vi.importActual<typeof PdfPageModule>('./pdf-page')
  pdfPage.forgetPdfJs()
  usePdfDocument = pdfPage.usePdfDocument
})
afterAll(() => pdfPage.forgetPdfJs())

afterEach(() => {
  getDocument.mockReset()
})

describe('usePdfDocument', () => {
  it('fetches the bytes with the given headers and opens them with pdf.js', async () => {
    const doc = { numPages: 2, destroy: vi.fn(async () => {}) }
    getDocument.mockReturnValue({ promise: Promise.resolve(doc) })
    api.on('GET /api/doc.pdf', new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 }))

    const { result, unmount } = renderHook(() => usePdfDocument('/api/doc.pdf', { headers: { 'x-signing-token': 'abc' } }))
    expect(result.current.loading).toBe(true)
    await waitFor(() => expect(result.current.doc).toBe(doc))
    expect(result.current.loading).toBe(false)
    const [request] = api.calls()
    expect(request?.url).toBe('/api/doc.pdf')
    expect(request?.headers.get('x-signing-token')).toBe('abc')
    expect(Array.from((getDocument.mock.calls[0]?.[0] as { data: Uint8Array }).data)).toEqual([37, 80, 68, 70])
    unmount()
    expect(doc.destroy).toHaveBeenCalled()
  })

  it('gives the server error of a refused download', async () => {
    api.on('GET /api/doc.pdf', apiError(404, 'signing.linkNotValid'))
    const { result } = renderHook(() => usePdfDocument('/api/doc.pdf'))
    await waitFor(() => expect(result.current.error?.message).toBe('This signing link is not valid'))
    expect(result.current.doc).toBeNull()
    expect(getDocument).not.toHaveBeenCalled()
  })

  it('loads pdf.js while the bytes are still on their way, not after them', async () => {
    const lib = await import('pdfjs-dist/legacy/build/pdf.mjs')
    lib.GlobalWorkerOptions.workerSrc = ''
    pdfPage.forgetPdfJs()
    let send: (response: Response) => void = () => {}
    api.on('GET /api/slow.pdf', () => new Promise<Response>((resolve) => (send = resolve)))
    getDocument.mockReturnValue({ promise: Promise.resolve({ numPages: 1, destroy: vi.fn(async () => {}) }) })

    const { result } = renderHook(() => usePdfDocument('/api/slow.pdf'))
    await waitFor(() => expect(lib.GlobalWorkerOptions.workerSrc).toBe('/worker.mjs'))
    expect(result.current.loading).toBe(true)
    expect(getDocument).not.toHaveBeenCalled()
    send(new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 }))
    await waitFor(() => expect(result.current.doc).not.toBeNull())
  })

  it('loads nothing without an address', () => {
    const { result } = renderHook(() => usePdfDocument(null))
    expect(result.current).toEqual({ doc: null, error: null, loading: false })
  })
})
