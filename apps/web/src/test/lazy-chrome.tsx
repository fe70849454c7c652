import { act, render } from '@testing-library/react'
import { Providers } from '../app/providers'
import { createQueryClient } from '../app/query-client'
import { copyOfAllLanguages } from '../locales/all-languages'
import { initI18n } from '../shared/i18n/i18n'

/**
 * Renders the app's providers once and waits until the parts they load after the first render (the
 * notices' corner, the dialog) have arrived and mounted; later renders in the same file find them loaded.
 */
export async function loadLazyChrome(): Promise<void> {
  const queryClient = createQueryClient()
  const view = render(
    <Providers queryClient={queryClient} i18n={initI18n(undefined, copyOfAllLanguages())}>
      {null}
    </Providers>,
  )
  await act(async () => {
    await Promise.all([import('@mantine/notifications'), import('../shared/ui/app-dialog-view')])
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
  view.unmount()
  queryClient.clear()
}
