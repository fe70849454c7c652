import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './app.css'
import '../shared/zod-jitless'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import type { QueryClient } from '@tanstack/react-query'
import { setApiNavigate } from '../shared/api-client'
import { DEFAULT_LANGUAGE } from '@offerbook/domain/languages'
import { warmFormatters } from '@offerbook/domain/intl-formats'
import { matchRoute } from '@offerbook/domain/route-access'
import { browserLanguage, currentLanguage, initI18n, loadFrameTexts, loadRestOfLanguage, readLanguagePreference, restoreLanguagePreference, writeLanguagePreference } from '../shared/i18n/i18n'
import { firstScreenPartsSettled, holdFirstScreen, markFirstScreenDrawn } from '../shared/first-screen'
import { dropFirstAnswers } from '../shared/first-answers'
import { getSession, initSession, onSessionCleared } from '../shared/session'
import { readUiModePreference, restoreUiModePreference, writeUiModePreference } from '../shared/ui-mode'
import { keepGuestConversations } from '../features/chat/chat-state'
import { pageLoadsSettled, preloadPage } from './lazy-page'
import { FRAME_AREAS, pageLoaderFor, preloadFirstScreen } from './page-modules'
import { Providers } from './providers'
import { createQueryClient } from './query-client'
import { createBrowserHistory } from './history'
import { appRoutes } from './router'
import { Router } from './routing'

/**
 * Starts the whole app in #root: from index.html (main.tsx), or from the public shell when the
 * visitor of a public page turns out to be signed in (public/main.tsx), whose root is gone by then.
 */
export async function bootApp(): Promise<void> {
  // Read before initSession, which may clear localStorage (spec section 4), then written back.
  const language = readLanguagePreference()
  const uiMode = readUiModePreference()
  const restoreGuests = keepGuestConversations()
  // Not awaited: public pages render at once; guarded ones wait while a new tab asks the open ones for the session.
  void initSession()
  if (language) writeLanguagePreference(language)
  if (uiMode) writeUiModePreference(uiMode)
  restoreGuests()
  // No stored choice: the language the browser asks for, when we speak it (not stored: not a choice).
  const shownLanguage = language ?? browserLanguage() ?? DEFAULT_LANGUAGE
  // The frame's texts and the page's module with its own texts are chunks of their own (decision 074):
  // fetched side by side, before the first render. The rest of the language follows once the page is drawn.
  const i18n = initI18n(shownLanguage)
  // While the texts and the page's code are on their way: the engine's date data (and in a language written by
  // Intl, its number data), not in the first render.
  warmFormatters(shownLanguage)
  const queryClient = createQueryClient()
  const { route, params } = matchRoute(window.location.pathname)
  // A signed-in page: the user and the page's first answer, beside the code and texts rather than after
  // the first render; the frame's later parts wait for its first screen.
  const signedInPage = preloadFirstScreen(route, { queryClient, params, search: new URLSearchParams(window.location.search) })
  if (signedInPage) holdFirstScreen()
  await Promise.all([loadFrameTexts(shownLanguage, FRAME_AREAS), preloadPage(pageLoaderFor(route.name)).catch(() => {})])

  onSessionCleared(() => {
    queryClient.clear()
    restoreLanguagePreference()
    restoreUiModePreference()
  })

  const history = createBrowserHistory()
  setApiNavigate((to) => history.navigate(to))
  const routes = appRoutes()

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')

  const app = (
    <StrictMode>
      <Providers queryClient={queryClient} i18n={i18n}>
        <Router history={history} routes={routes} />
      </Providers>
    </StrictMode>
  )
  // A page prerendered at build in the whole app's shell is hydrated: its HTML stays and gains its
  // behaviour. It was rendered signed out in the default language; for a signed-in visitor (whose
  // header and navigation differ) or in another language, the page is rendered anew.
  if (root.hasChildNodes() && shownLanguage === DEFAULT_LANGUAGE && !getSession()) hydrateRoot(root, app)
  else {
    root.replaceChildren()
    const reactRoot = createRoot(root)
    // A transition: React draws the first page in slices of a few milliseconds, not in one long task.
    startTransition(() => reactRoot.render(app))
  }
  markFirstScreenOnceDrawn(queryClient, signedInPage)
}

/**
 * The first screen is drawn once the page's code is here, its first answers are in and rendered, and
 * the browser is idle (shared/first-screen.ts, decision 090); a page that keeps asking does not hold
 * the rest back long. Then the rest of the language is fetched (the texts of the other pages, of the
 * dialogs and lists drawn later, and the whole message catalogue), in the language shown then, so the
 * next page and what a click opens find their texts here. A failed load is tried again by the next
 * page's own texts (its loader) and by a change of language.
 */
function markFirstScreenOnceDrawn(queryClient: QueryClient, held: boolean): void {
  const started = Date.now()
  // A part whose load hangs holds the rest back no longer than the answers may.
  const partsSettled = () => Promise.race([firstScreenPartsSettled(), new Promise((resolve) => setTimeout(resolve, Math.max(0, started + FIRST_SCREEN_WAIT_MS - Date.now())))])
  const drawn = async () => {
    // A page with nobody signed in (a signing link, sign-in) holds nothing: its texts come at the first idle.
    if (!held) return browserIdle()
    await pageLoadsSettled()
    await partsSettled()
    await browserIdle()
    while (queryClient.isFetching() > 0 && Date.now() - started < FIRST_SCREEN_WAIT_MS) await new Promise((resolve) => setTimeout(resolve, 100))
    // The answers drawn ask for the parts that draw them (the negotiation panel over an offer's terms).
    await partsSettled()
    await browserIdle()
  }
  void drawn()
    .catch(() => {})
    .then(() => {
      // What the page's HTML asked and nobody took is dropped: a later ask of the same URL asks anew.
      dropFirstAnswers()
      markFirstScreenDrawn()
      return loadRestOfLanguage(currentLanguage())
    })
    .catch(() => {})
}

/** How long the frame's later parts wait at most for the first screen's answers. */
const FIRST_SCREEN_WAIT_MS = 5_000

function browserIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2_000 })
    else setTimeout(resolve, 200)
  })
}
