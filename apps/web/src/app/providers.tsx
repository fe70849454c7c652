import type { ReactNode } from 'react'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { DialogProvider } from '../shared/ui/app-dialog'
import { I18nextTranslation } from './i18next-translation'
import { cssVariablesResolver, theme } from './theme'

export function Providers({ queryClient, i18n, children }: { queryClient: QueryClient; i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <I18nextTranslation>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <Notifications position="top-right" />
          <QueryClientProvider client={queryClient}>
            <DialogProvider>{children}</DialogProvider>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextTranslation>
    </I18nextProvider>
  )
}
