import './public-styles.css'
import '../app.css'
import '../../shared/zod-jitless'
import { StrictMode, startTransition } from 'react'
import type { Root } from 'react-dom/client'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { DEFAULT_LANGUAGE } from '@offerbook/domain/languages'
import { warmZonedDates } from '@offerbook/domain/property-time'
import { matchRoute } from '@offerbook/domain/route-access'
import { browserLanguage, readLanguagePreference, writeLanguagePreference } from '../../shared/i18n/language-preference'
import { getSession, initSession, subscribeSession } from '../../shared/session'
import { readUiModePreference, writeUiModePreference } from '../../shared/ui-mode'
import { keepGuestConversations } from '../../features/chat/chat-state'
import { preloadPage } from '../lazy-page'
import { createQueryClient } from '../query-client'
import { readPageData, seedQueries } from './page-data'
import { PublicApp } from './public-app'
import { publicPageLoader } from './public-pages'
import { PublicProviders } from './public-providers'
import { loadPublicTree } from '../../locales/public'
import { addPublicTree, publicTranslator } from './public-texts'

/**
 * public.html's script (decision 034): the first-visit pages for a visitor, without the signed-in
 * app's code. A signed-in visitor, or one whose session arrives from another tab, gets the whole app.
 */

/**
 * Clicks on the page's buttons while its HTML is on screen but its script still loads are kept, and
 * given to the buttons once the page has come to life, so none is lost (the chat's button, 'Make an
 * offer'). Links need no script: the browser follows them. Returns the release, which also marks the
 * page as live (`<html data-hydrated>`), for the end-to-end tests and anyone measuring.
 */
function holdEarlyClicks(container: HTMLElement): () => void {
  const held: HTMLElement[] = []
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    if (!button || !container.contains(button)) return
    event.preventDefault()
    event.stopImmediatePropagation()
    if (!held.includes(button)) held.push(button)
  }
  document.addEventListener('click', onClick, true)
  let released = false
  return () => {
    if (released) return
    released = true
    document.removeEventListener('click', onClick, true)
    document.documentElement.dataset.hydrated = ''
    for (const button of held) if (button.isConnected) button.click()
  }
}

async function startWholeApp(): Promise<void> {
  const { bootApp } = await import('../boot')
  await bootApp()
}

async function startPublic(): Promise<void> {
  // Read before initSession, which may clear localStorage (spec section 4), then written back.
  const language = readLanguagePreference()
  const uiMode = readUiModePreference()
  const restoreGuests = keepGuestConversations()
  void initSession()
  if (language) writeLanguagePreference(language)
  if (uiMode) writeUiModePreference(uiMode)
  // A guest's chat is this browser's, like its language: it outlives the clearing (issue #33).
  restoreGuests()
  // Signed in, or back from the single sign-on provider (`/?sso=1`, a sign-in): the whole app's.
  const ssoReturn = window.location.pathname === '/' && new URLSearchParams(window.location.search).get('sso') === '1'
  if (getSession() || ssoReturn) return startWholeApp()

  const container = document.getElementById('root')
  if (!container) throw new Error('public.html has no #root element')
  // The page is the public shell's (the end-to-end tests wait for `data-hydrated` on such a page).
  document.documentElement.dataset.shell = 'public'
  const releaseClicks = holdEarlyClicks(container)

  // No stored choice: the language the browser asks for, when we speak it (not stored: not a choice).
  const shownLanguage = language ?? browserLanguage() ?? DEFAULT_LANGUAGE
  const routeName = matchRoute(window.location.pathname).route.name
  const loader = publicPageLoader(routeName)
  // A property's offer deadline is written in the property's zone. The first zoned date format loads
  // the engine's date and zone data (about 25 ms on a desktop core, four times that on a phone): made
  // here, in a task of its own while the page's code and texts load, not inside hydration (decision 095).
  if (routeName === 'property') setTimeout(() => warmZonedDates(shownLanguage), 0)
  // The texts and the page's module side by side, before the first render.
  const [texts] = await Promise.all([loadPublicTree(shownLanguage), loader ? preloadPage(loader).catch(() => {}) : null])
  const translator = publicTranslator(shownLanguage)
  addPublicTree(shownLanguage, texts)
  document.documentElement.lang = shownLanguage.slice(0, 2)
  const queryClient = createQueryClient()
  const pageData = readPageData()
  if (pageData) seedQueries(queryClient, pageData)

  const app = (
    <StrictMode>
      <PublicProviders queryClient={queryClient} translator={translator}>
        <PublicApp initialLocation={{ pathname: window.location.pathname, search: window.location.search, hash: window.location.hash }} onShown={releaseClicks} />
      </PublicProviders>
    </StrictMode>
  )
  // The HTML prerendered at build or rendered by the server is in the default language: hydrated
  // there, rendered anew in another.
  let root: Root
  if (container.hasChildNodes() && shownLanguage === DEFAULT_LANGUAGE) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page: the page's links and scrolling answer while it hydrates.
    let hydrated: Root | undefined
    startTransition(() => {
      hydrated = hydrateRoot(container, app)
    })
    if (!hydrated) throw new Error('hydrateRoot returned no root')
    root = hydrated
  } else {
    container.replaceChildren()
    root = createRoot(container)
    root.render(app)
  }

  // The rest of Mantine's styles, not needed for the first paint.
  void import('./public-late-styles')

  // A new tab of a browser signed in without "Remember me" gets its session from an open tab a moment later.
  const stop = subscribeSession(() => {
    if (!getSession()) return
    stop()
    root.unmount()
    void startWholeApp()
  })
}

await startPublic()
