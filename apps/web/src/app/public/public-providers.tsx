import type { ReactNode } from 'react'
import { MantineProvider } from '@mantine/core'
import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import type { MiniTranslator } from '../../shared/i18n/translator'
import { TranslatorTranslation } from '../../shared/i18n/translator-translation'
import { cssVariablesResolver, theme } from '../theme'

/** The public shell's providers: the whole app's, less the notices and the dialogs no public page opens. */
export function PublicProviders({ queryClient, translator, children }: { queryClient: QueryClient; translator: MiniTranslator; children: ReactNode }) {
  return (
    <TranslatorTranslation translator={translator}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </TranslatorTranslation>
  )
}
