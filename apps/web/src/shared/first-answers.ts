import { FIRST_ANSWERS_GLOBAL } from '@offerbook/domain/first-answers'

/**
 * The answers a signed-in page's HTML asked for before the app's code arrived (the server's
 * plugins/first-answers.ts, decision 101): the user and the page's one answer, by URL, with the token
 * they were asked with. The client takes each once, for a GET of the same URL with the same token,
 * until the first screen is drawn; then the rest are dropped, so no later ask ever gets an answer from
 * before a change.
 */
type FirstAnswers = { token: string; answers: Record<string, Promise<Response | null> | undefined> }

/** The window, with what the page's first script kept on it. */
type WithFirstAnswers = Window & { [FIRST_ANSWERS_GLOBAL]?: FirstAnswers }

function kept(): FirstAnswers | undefined {
  return typeof window === 'undefined' ? undefined : (window as WithFirstAnswers)[FIRST_ANSWERS_GLOBAL]
}

/**
 * The answer the HTML asked for this URL with this token, once; null when there is none (or its ask
 * failed on the network, which the caller then asks again itself).
 */
export function takeFirstAnswer(url: string, token: string): Promise<Response | null> | null {
  const first = kept()
  if (!first || first.token !== token) return null
  const answer = first.answers[url]
  if (!answer) return null
  delete first.answers[url]
  return answer
}

/** The first screen is drawn (or the session changed): the answers nobody took are dropped. */
export function dropFirstAnswers(): void {
  if (typeof window !== 'undefined') delete (window as WithFirstAnswers)[FIRST_ANSWERS_GLOBAL]
}
