import { loadsInFlight } from './loads-in-flight'

/**
 * The text loads under way (shared/i18n/i18n.ts's areas), kept apart from the translator so that a part
 * of the public shell may wait on them without bringing the whole app's i18n.
 */
const inFlight = loadsInFlight()

/** Counts a text load until it settles (loaded or failed). */
export function textsLoading(load: Promise<unknown>): void {
  inFlight.add(load)
}

/**
 * Once every text load asked for so far has settled. A part a page loads by `import()` waits for this
 * before it draws (shared/lazy-part.ts, shared/module-beside.ts): its texts were asked for with the
 * page, not waited for (decision 088). A load that failed leaves the part to the whole language, which
 * follows the first render and draws what is shown again.
 */
export function textsSettled(): Promise<void> {
  return inFlight.settled()
}

/** A part's module, once it is here and the texts asked for so far have settled. */
export function withTexts<T>(importer: () => Promise<T>): () => Promise<T> {
  return () => importer().then((module) => textsSettled().then(() => module))
}
