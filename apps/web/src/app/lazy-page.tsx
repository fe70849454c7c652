import { useEffect, useState } from 'react'
import { useTranslation } from '../shared/i18n/translation'
import { CenteredLoader } from '../shared/ui/centered-loader'
import { RetryAlert } from '../shared/ui/retry-alert'
import { loadsInFlight } from '../shared/loads-in-flight'
import type { PageLoader, PageProps } from './page-props'

/** Spec section 9: chunk loading times out at 120 seconds. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000

const loaded = new Map<PageLoader, PageModuleComponent>()
type PageModuleComponent = Awaited<ReturnType<PageLoader>>['default']

/** Page modules being loaded now, each until it has loaded, failed or timed out. */
const loading = loadsInFlight()

function tracked<T>(load: Promise<T>): Promise<T> {
  loading.add(load)
  return load
}

/**
 * Resolves once no page module is being loaded. A test that ends while its page still loads waits for
 * it (src/test/setup.ts), so the load does not finish inside the next test file.
 */
export function pageLoadsSettled(): Promise<void> {
  return loading.settled()
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chunk load timed out')), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

/**
 * Loads a page module ahead of its first render, so that render shows the page at once: the
 * prerender renders it to HTML, and the browser hydrates that HTML with the same page.
 */
export async function preloadPage(loader: PageLoader): Promise<void> {
  if (!loaded.has(loader)) loaded.set(loader, (await tracked(loader())).default)
}

export type LazyPageProps = PageProps & { loader: PageLoader; timeoutMs?: number }

/** Loads a page module; a failed or timed-out load shows a message with Retry instead of a blank page. */
export function LazyPage({ loader, timeoutMs = CHUNK_LOAD_TIMEOUT_MS, ...pageProps }: LazyPageProps) {
  const { t } = useTranslation()
  const [attempt, setAttempt] = useState(0)
  const [failed, setFailed] = useState(false)
  const [Page, setPage] = useState<PageModuleComponent | null>(() => loaded.get(loader) ?? null)

  useEffect(() => {
    if (loaded.has(loader)) return
    let active = true
    tracked(withTimeout(loader(), timeoutMs)).then(
      (module) => {
        loaded.set(loader, module.default)
        if (active) setPage(() => module.default)
      },
      (error: unknown) => {
        console.error(error)
        if (active) setFailed(true)
      },
    )
    return () => {
      active = false
    }
  }, [loader, timeoutMs, attempt])

  if (Page) return <Page {...pageProps} />
  if (failed) {
    return (
      <RetryAlert
        message={t('lazy.failed')}
        onRetry={() => {
          setFailed(false)
          setAttempt((n) => n + 1)
        }}
      />
    )
  }
  return <CenteredLoader />
}
