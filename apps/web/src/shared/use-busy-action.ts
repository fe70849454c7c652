import { useState } from 'react'
import { notifyError } from './notify'

/**
 * The slow actions a component's buttons start (a download, a check), and which one is under way, so
 * that button shows its loader. A failure goes to the error notification unless `onError` says otherwise.
 */
export function useBusyAction<K extends string = string>() {
  const [busy, setBusy] = useState<K | null>(null)
  const run = (key: K, action: () => Promise<unknown>, onError: (error: unknown) => void = notifyError) => {
    setBusy(key)
    void action()
      .catch(onError)
      .finally(() => setBusy(null))
  }
  return { busy, run }
}
