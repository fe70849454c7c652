import { renderHook, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiError, fakeApi } from '../../test/fake-api'
import type * as PdfPageModule from './pdf-page'

const getDocument = vi.fn()

// pdf.js's range transport as its worker uses it: ranges are asked for, and the parts come back to onDataRange.
class RangeTransport {
  parts: Array<[number, Uint8Array]> = []
  ready = false
  constructor(
    readonly length: number,
    readonly initialData: Uint8Array,
  ) {}
  requestDataRange(_begin: number, _end: number): void {}
  onDataRange(begin: number, chunk: Uint8Array) {
    this.parts.push([begin, chunk])
  }
  transportReady() {
    this.ready = true
  }
}

vi.mock('pdfjs-dist/legacy/build/pdf.mjs', () => ({ GlobalWorkerOptions: { workerSrc: '' }, getDocument: (...args: unknown[]) => getDocument(...args), PDFDataRangeTransport: RangeTransport }))
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
    expect(request?.headers.get('range')).toBe('bytes=0-65535')
    expect(Array.from((getDocument.mock.calls[0]?.[0] as { data: Uint8Array }).data)).toEqual([37, 80, 68, 70])
    unmount()
    expect(doc.destroy).toHaveBeenCalled()
  })

  it('opens a large PDF from its first 64 KB and fetches each further part pdf.js asks for, with the same headers', async () => {
    const doc = { numPages: 40, destroy: vi.fn(async () => {}) }
    getDocument.mockReturnValue({ promise: Promise.resolve(doc) })
    const total = 5_000_000
    const first = new Uint8Array(65_536).fill(7)
    api.on('GET /api/big.pdf', (request) => {
      const range = request.headers.get('range')
      if (range === 'bytes=0-65535') return new Response(first, { status: 206, headers: { 'content-range': `bytes 0-65535/${total}` } })
      if (range === 'bytes=4980000-4999999') return new Response(new Uint8Array(20_000).fill(9), { status: 206, headers: { 'content-range': `bytes 4980000-4999999/${total}` } })
      return new Response(null, { status: 416 })
    })

    const { result } = renderHook(() => usePdfDocument('/api/big.pdf', { headers: { 'x-signing-token': 'abc' } }))
    await waitFor(() => expect(result.current.doc).toBe(doc))
    const options = getDocument.mock.calls[0]?.[0] as { range: RangeTransport; rangeChunkSize: number; disableAutoFetch: boolean }
    expect(options.range.length).toBe(total)
    expect(options.range.initialData).toEqual(first)
    expect(options.range.ready).toBe(true)
    expect(options).toMatchObject({ rangeChunkSize: 65_536, disableAutoFetch: true })

    // pdf.js asks for the end of the file (its cross-reference table); [begin, end) as pdf.js counts.
    options.range.requestDataRange(4_980_000, 5_000_000)
    await waitFor(() => expect(options.range.parts).toHaveLength(1))
    expect(options.range.parts[0]?.[0]).toBe(4_980_000)
    expect(options.range.parts[0]?.[1]).toEqual(new Uint8Array(20_000).fill(9))
    const asked = api.calls().filter((call) => call.url === '/api/big.pdf')
    expect(asked.map((call) => call.headers.get('range'))).toEqual(['bytes=0-65535', 'bytes=4980000-4999999'])
    expect(asked.every((call) => call.headers.get('x-signing-token') === 'abc')).toBe(true)

    // A part the server refuses ends the document with an error the page shows.
    options.range.requestDataRange(65_536, 131_072)
    await waitFor(() => expect(result.current.error).not.toBeNull())
    expect(result.current.doc).toBeNull()
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
