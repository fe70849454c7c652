import type { RouteMatch } from './route-access'
import { SESSION_STORAGE_KEY } from './stored-session'

/**
 * The API answers a signed-in page's first screen is drawn from, by route (decisions 076, 101): the
 * user (/api/me) and, for the pages whose first screen is one answer, that answer. The server names
 * them in the page's HTML, whose first script asks for them while the app's code is still on its way;
 * the app takes each answer when it asks for the same URL with the same session. The app's own screen
 * preloads (apps/web/src/app/page-modules.ts) ask exactly these URLs; a web test holds them together.
 */
const SCREEN_ANSWERS: Readonly<Record<string, (params: Record<string, string>, search: URLSearchParams) => string | null>> = {
  dashboard: () => '/api/dashboard',
  'submitted-offer-update': (params) => offerPath(params.id),
  'my-property-offer': (params) => offerPath(params.offerId),
  'my-property-accept-offer': (_params, search) => offerPath(search.get('offer')),
  'my-property-optimize': (params) => (params.id ? `/api/listings/${encodeURIComponent(params.id)}/optimize/screen` : null),
}

function offerPath(id: string | null | undefined): string | null {
  return id ? `/api/offers/${encodeURIComponent(id)}` : null
}

/** The URL of the signed-in user, which every signed-in page's first screen waits for. */
export const ME_PATH = '/api/me'

/** The answers a shown signed-in route's first screen needs: /api/me, then its one answer if it has one. */
export function firstAnswerPaths({ route, params }: RouteMatch, search: URLSearchParams): string[] {
  const screen = SCREEN_ANSWERS[route.name]?.(params, search) ?? null
  return screen === null ? [ME_PATH] : [ME_PATH, screen]
}

/** The id of the JSON block that names the URLs (the server writes it, the script reads it). */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers'

/** Where on `window` the script keeps the answers' promises, with the token (the app's client takes them there). */
export const FIRST_ANSWERS_GLOBAL = 'offerbookFirstAnswers'

/**
 * The page's first script, which asks for those answers while the app's entry scripts load (they ask
 * only once they have arrived and run, half a second after the HTML on a phone). The server names the
 * URLs in a JSON block (`<script type="application/json">` with FIRST_ANSWERS_ELEMENT_ID), which runs nothing;
 * this text is always the same, so the policy allows it by its hash. It reads the session the app will
 * start with (the tab's own, else one kept with "Remember me", as apps/web/src/shared/session.ts does)
 * and keeps each answer's promise, with the token it was asked with, for the app's client
 * (apps/web/src/shared/first-answers.ts). Anything odd (no session, storage refused, a bad block) asks
 * nothing, and the app asks as it always did; a failed ask is kept as null, which the app asks again.
 */
export const FIRST_ANSWERS_SCRIPT = `(function(){try{var k=${JSON.stringify(SESSION_STORAGE_KEY)},t=sessionStorage.getItem(k),s=JSON.parse(t||localStorage.getItem(k)||"null");if(!s||(!t&&s.persist!==true)||typeof s.accessToken!=="string"||!s.accessToken)return;var u=JSON.parse(document.getElementById(${JSON.stringify(FIRST_ANSWERS_ELEMENT_ID)}).textContent),a={};u.forEach(function(p){a[p]=fetch(p,{headers:{Accept:"application/json",Authorization:"Bearer "+s.accessToken}}).catch(function(){return null})});window[${JSON.stringify(FIRST_ANSWERS_GLOBAL)}]={token:s.accessToken,answers:a}}catch(e){}})()`
