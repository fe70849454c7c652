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

/**
 * Fetches a PDF (with `init.headers`, e.g. a signing token) and opens it with pdf.js. The bytes are
 * fetched here rather than by pdf.js so the request carries the same headers, and its refusal follows
 * the same 401/403 rule (`init.rules` opts a token's page out of the move), as every API call.
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

    void (async () => {
      try {
        // The 401/403 rule of spec section 8 applies here as to every call. pdf.js loads beside the
        // bytes, not after them (decision 076): the first page draws once the later of the two is here.
        const bytes = apiFetch(url, { headers: { Accept: 'application/pdf', ...headers }, signal: controller.signal }, rules).then((response) => response.arrayBuffer())
        const [data, lib] = await Promise.all([bytes.then((buffer) => new Uint8Array(buffer)), loadPdfJs()])
        const doc = await lib.getDocument({ data }).promise
        if (cancelled) {
          void doc.destroy()
          return
        }
        opened = doc
        setLoaded({ key, doc, error: null })
      } catch (error) {
        if (cancelled) return
        setLoaded({ key, doc: null, error: error instanceof Error ? error : new Error(String(error)) })
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
