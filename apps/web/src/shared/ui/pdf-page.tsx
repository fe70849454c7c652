import type { ReactNode } from 'react'
import { useEffect, useRef, useState } from 'react'
import type * as PdfJsModule from 'pdfjs-dist'
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist'
import type { RequestOptions } from '../api-client'
import { apiFetch } from '../api-client'

/**
 * pdf.js, loaded on first use so that public pages which never show a PDF stay small. The legacy
 * build runs on the older phone browsers a signer may open an emailed link with.
 */
type PdfJs = typeof PdfJsModule

let pdfJs: Promise<PdfJs> | null = null

export function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url')])
    .then(([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default
      return lib
    })
    .catch((error: unknown) => {
      // A failed chunk load (e.g. a dropped connection) must not stick for the rest of the visit.
      pdfJs = null
      throw error
    })
  return pdfJs
}

/** Forgets the loaded pdf.js, so the next document loads it again (a test worker swaps it for a stand-in). */
export function forgetPdfJs(): void {
  pdfJs = null
}

type Loaded = { key: string; doc: PDFDocumentProxy | null; error: Error | null }

/** The first bytes asked for: a small PDF comes whole with them; a large one's header and first chunk. */
const FIRST_BYTES = 65_536
/** The parts pdf.js asks for after that, each as one Range request. */
const RANGE_CHUNK = 65_536

/** The whole size after the slash of a 206's Content-Range ('bytes 0-65535/2097152'); null when it has none. */
function totalOf(contentRange: string | null): number | null {
  const found = /^bytes \d+-\d+\/(\d+)$/.exec(contentRange ?? '')
  return found ? Number(found[1]) : null
}

type Fetched = { url: string; headers: Record<string, string>; rules: RequestOptions; signal: AbortSignal }

const fetchBytes = ({ url, headers, rules, signal }: Fetched, begin: number, end: number) =>
  apiFetch(url, { headers: { Accept: 'application/pdf', ...headers, Range: `bytes=${begin}-${end - 1}` }, signal }, rules)

/**
 * Opens a PDF with pdf.js from its first bytes (decision 085): the first request asks for a Range.
 * A server that sends the whole file (200), or a file no larger than that range, opens from those
 * bytes. A larger one opens in parts: pdf.js asks for the ranges it needs (the cross-reference table
 * at the end, then the objects of the page it draws), each fetched with the same headers and rules,
 * so the first page draws before the rest of a long upload has come, and later pages as they near.
 */
async function openPdf(fetched: Fetched, onPartFailed: (error: Error) => void): Promise<PDFDocumentProxy> {
  // pdf.js loads beside the first bytes, not after them (decision 076).
  const [response, lib] = await Promise.all([fetchBytes(fetched, 0, FIRST_BYTES), loadPdfJs()])
  const head = new Uint8Array(await response.arrayBuffer())
  const total = response.status === 206 ? totalOf(response.headers.get('content-range')) : null
  if (total === null || head.length >= total) return lib.getDocument({ data: head }).promise
  const transport = new lib.PDFDataRangeTransport(total, head)
  transport.requestDataRange = (begin: number, end: number) => {
    fetchBytes(fetched, begin, end)
      .then((part) => part.arrayBuffer())
      .then((bytes) => transport.onDataRange(begin, new Uint8Array(bytes)))
      .catch((error: unknown) => onPartFailed(error instanceof Error ? error : new Error(String(error))))
  }
  const task = lib.getDocument({ range: transport, rangeChunkSize: RANGE_CHUNK, disableAutoFetch: true, disableStream: true })
  transport.transportReady()
  return task.promise
}

/**
 * Fetches a PDF (with `init.headers`, e.g. a signing token) and opens it with pdf.js, in parts when
 * it is large (openPdf). The bytes are fetched here rather than by pdf.js so each request carries the
 * same headers, and its refusal follows the same 401/403 rule (`init.rules` opts a token's page out
 * of the move), as every API call.
 */
export function usePdfDocument(
  url: string | null,
  init?: { headers?: Record<string, string>; rules?: Pick<RequestOptions, 'redirectOnUnauthorized' | 'redirectOnForbidden'> },
): { doc: PDFDocumentProxy | null; error: Error | null; loading: boolean } {
  const headersKey = JSON.stringify(init?.headers ?? {})
  const rulesKey = JSON.stringify(init?.rules ?? {})
  const key = url === null ? '' : `${url}\n${headersKey}\n${rulesKey}`
  const [loaded, setLoaded] = useState<Loaded>({ key: '', doc: null, error: null })

  useEffect(() => {
    if (url === null) return
    const controller = new AbortController()
    let opened: PDFDocumentProxy | null = null
    let cancelled = false
    const headers = JSON.parse(headersKey) as Record<string, string>
    const rules = JSON.parse(rulesKey) as RequestOptions

    const failed = (error: Error) => {
      if (!cancelled) setLoaded({ key, doc: null, error })
    }

    void (async () => {
      try {
        // The 401/403 rule of spec section 8 applies here as to every call.
        const doc = await openPdf({ url, headers, rules, signal: controller.signal }, failed)
        if (cancelled) {
          void doc.destroy()
          return
        }
        opened = doc
        setLoaded({ key, doc, error: null })
      } catch (error) {
        failed(error instanceof Error ? error : new Error(String(error)))
      }
    })()

    return () => {
      cancelled = true
      controller.abort()
      if (opened) void opened.destroy()
    }
  }, [url, headersKey, rulesKey, key])

  if (url === null) return { doc: null, error: null, loading: false }
  // A result for another address is stale: the new one is still loading.
  if (loaded.key !== key) return { doc: null, error: null, loading: true }
  return { doc: loaded.doc, error: loaded.error, loading: false }
}

/** US Letter, until the page says its own size. */
const DEFAULT_RATIO = 11 / 8.5

/** Canvas pixels per CSS pixel: sharp on a phone without holding three times the pixels of a large page. */
const MAX_PIXEL_RATIO = 2

export type PdfPageProps = {
  doc: PDFDocumentProxy
  /** 0-based. */
  pageIndex: number
  /** CSS px; the page scales to it. */
  width: number
  /** An overlay, absolutely positioned over the page; the wrapper is position:relative with the page's aspect ratio. */
  children?: ReactNode
  /** The aria-label of the page image. */
  label?: string
}

/**
 * One page of a PDF drawn on a canvas at `width`. It renders once it comes near the screen, so a
 * long document does not draw (and hold) every page at once.
 */
export function PdfPage({ doc, pageIndex, width, children, label }: PdfPageProps) {
  const wrapperRef = useRef<HTMLDivElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [ratio, setRatio] = useState<{ doc: PDFDocumentProxy; pageIndex: number; value: number } | null>(null)
  const [near, setNear] = useState(false)

  useEffect(() => {
    const element = wrapperRef.current
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true)
          observer.disconnect()
        }
      },
      { rootMargin: '800px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const canvas = canvasRef.current
    if (!near || !canvas || width <= 0) return
    let cancelled = false
    let task: RenderTask | null = null

    void (async () => {
      try {
        const page = await doc.getPage(pageIndex + 1)
        if (cancelled) return
        const base = page.getViewport({ scale: 1 })
        setRatio({ doc, pageIndex, value: base.height / base.width })
        const viewport = page.getViewport({ scale: width / base.width })
        const pixelRatio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO)
        canvas.width = Math.floor(viewport.width * pixelRatio)
        canvas.height = Math.floor(viewport.height * pixelRatio)
        task = page.render({ canvas, viewport, transform: pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0] })
        await task.promise
      } catch (error) {
        // A render cancelled by a new width or an unmount is expected; anything else leaves the page blank.
        if (!cancelled && !(error instanceof Error && error.name === 'RenderingCancelledException')) console.warn('PDF page render failed', error)
      }
    })()

    return () => {
      cancelled = true
      task?.cancel()
    }
  }, [doc, pageIndex, width, near])

  const aspect = ratio && ratio.doc === doc && ratio.pageIndex === pageIndex ? ratio.value : DEFAULT_RATIO

  return (
    <div ref={wrapperRef} style={{ position: 'relative', width, height: width * aspect, background: 'white' }}>
      <canvas ref={canvasRef} role="img" aria-label={label} style={{ display: 'block', width: '100%', height: '100%' }} />
      {children}
    </div>
  )
}
