import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './app.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { setApiNavigate } from '../shared/api-client'
import { DEFAULT_LANGUAGE } from '@offerbook/domain/languages'
import { loadLanguageTree } from '../locales/resources'
import { initI18n, readLanguagePreference, restoreLanguagePreference, writeLanguagePreference } from '../shared/i18n/i18n'
import { initSession, onSessionCleared } from '../shared/session'
import { readUiModePreference, restoreUiModePreference, writeUiModePreference } from '../shared/ui-mode'
import { Providers } from './providers'
import { createQueryClient } from './query-client'
import { createAppRouter } from './router'

// Read before initSession, which may clear localStorage (spec section 4), then written back.
const language = readLanguagePreference()
const uiMode = readUiModePreference()
// Not awaited: public pages render at once; guarded ones wait while a new tab asks the open ones for the session.
void initSession()
if (language) writeLanguagePreference(language)
if (uiMode) writeUiModePreference(uiMode)
const shownLanguage = language ?? DEFAULT_LANGUAGE
// The language's texts are a chunk of their own: fetched beside the page's, before the first render.
const i18n = initI18n(shownLanguage, { [shownLanguage]: await loadLanguageTree(shownLanguage) })

const queryClient = createQueryClient()
onSessionCleared(() => {
  queryClient.clear()
  restoreLanguagePreference()
  restoreUiModePreference()
})

const router = createAppRouter()
setApiNavigate((to) => void router.navigate(to))

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)
