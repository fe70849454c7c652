import { Session } from 'node:inspector'

/**
 * Asks V8 for a full collection that also gives its emptied pages back to the system (the same as a
 * low-memory notification), through an in-process inspector session: no port is opened.
 *
 * For after a burst whose garbage is not coming back, such as the search index's full load (decision
 * 035): V8 keeps the heap it grew to for the load (about 260 MB committed for 100 MB live with
 * 50,000 listings) until memory runs short, which an idle server never reaches. It holds the
 * thread for a moment (about 0.2 s for that heap), so it is not for the path of a request.
 */
export async function giveBackMemory(): Promise<void> {
  const session = new Session()
  try {
    session.connect()
  } catch {
    // Another inspector owns the process in a way that refuses us: the heap shrinks on its own later.
    return
  }
  try {
    await new Promise<void>((resolve) => session.post('HeapProfiler.collectGarbage', () => resolve()))
  } finally {
    // Not from inside post's callback, which runs within the session's own dispatch: the thread hangs there.
    session.disconnect()
  }
}
