import type { ReactNode } from 'react'
import { Suspense } from 'react'
import { MantineProvider } from '@mantine/core'
import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import type { AppI18n } from '../shared/i18n/i18n'
import { TranslatorTranslation } from '../shared/i18n/translator-translation'
import { DialogProvider } from '../shared/ui/app-dialog'
import { useHydrated } from '../shared/ui/use-hydrated'
import { useFirstScreenDrawn } from '../shared/first-screen'
import { cssVariablesResolver, theme } from './theme'
import { lazyPart } from '../shared/lazy-part'

// The notices' corner (with its transitions) is a chunk of its own, loaded right after the first
// render; a notice given before it arrives waits in the store and shows when it does.
const Notifications = lazyPart(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })))

function NoticesCorner() {
  // Not in the first render: a page prerendered without it hydrates as it was drawn. Loaded once the
  // first screen is drawn (decision 090); a notice given before waits in the store.
  const hydrated = useHydrated()
  const drawn = useFirstScreenDrawn()
  return hydrated && drawn ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  ) : null
}

export function Providers({ queryClient, i18n, children }: { queryClient: QueryClient; i18n: AppI18n; children: ReactNode }) {
  return (
    <TranslatorTranslation translator={i18n.translator}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <NoticesCorner />
        <QueryClientProvider client={queryClient}>
          <DialogProvider>{children}</DialogProvider>
        </QueryClientProvider>
      </MantineProvider>
    </TranslatorTranslation>
  )
}
