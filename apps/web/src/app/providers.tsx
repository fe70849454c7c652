import type { ReactNode } from 'react'
import { Suspense, lazy } from 'react'
import { MantineProvider } from '@mantine/core'
import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { DialogProvider } from '../shared/ui/app-dialog'
import { useHydrated } from '../shared/ui/use-hydrated'
import { I18nextTranslation } from './i18next-translation'
import { cssVariablesResolver, theme } from './theme'

// The notices' corner (with its transitions) is a chunk of its own, loaded right after the first
// render; a notice given before it arrives waits in the store and shows when it does.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })))

function NoticesCorner() {
  // Not in the first render: a page prerendered without it hydrates as it was drawn.
  return useHydrated() ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  ) : null
}

export function Providers({ queryClient, i18n, children }: { queryClient: QueryClient; i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <I18nextTranslation>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <NoticesCorner />
          <QueryClientProvider client={queryClient}>
            <DialogProvider>{children}</DialogProvider>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextTranslation>
    </I18nextProvider>
  )
}
