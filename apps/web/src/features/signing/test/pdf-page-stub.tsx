import type { ReactNode } from 'react'

/**
 * pdf.js does not run in jsdom: in the signing components' tests a page is a box of the asked width
 * with the overlay on it. Each test file mocks the viewer with this module:
 * `vi.mock('../../../shared/ui/pdf-page', () => import('../test/pdf-page-stub'))`.
 */
export const usePdfDocument = () => ({ doc: {}, error: null, loading: false })

/** Never loads: nothing here draws with pdf.js. */
export const loadPdfJs = () => new Promise<never>(() => {})

export function PdfPage({ width, children, label }: { width: number; children?: ReactNode; label?: string }) {
  return (
    <div data-testid="pdf-page" style={{ position: 'relative', width }}>
      <canvas role="img" aria-label={label} />
      {children}
    </div>
  )
}
