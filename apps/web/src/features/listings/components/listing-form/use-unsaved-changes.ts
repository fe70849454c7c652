import { useCallback, useEffect, useLayoutEffect, useRef } from 'react'
import type { Blocker, Location } from 'react-router'
import { useBlocker } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useDialog } from '../../../../shared/ui/app-dialog'

export type UnsavedChangesOptions = {
  /** Whether leaving now would lose something. Read at the moment of each navigation. */
  dirty: boolean
  /**
   * A navigation stopped because of unsaved changes. Answer true when it was taken care of (saved)
   * and may go on, false to stay, or undefined to ask the person.
   */
  onBlocked?: (next: Location) => Promise<boolean | undefined>
}

/**
 * Warns before unsaved changes are lost: navigations inside the app go through the app dialog
 * (react-router's blocker), and closing or reloading the tab through the browser's own prompt.
 */
export function useUnsavedChanges({ dirty, onBlocked }: UnsavedChangesOptions) {
  const { t } = useTranslation()
  const dialog = useDialog()
  const dirtyRef = useRef(dirty)
  const onBlockedRef = useRef(onBlocked)
  const bypass = useRef(false)
  const handling = useRef<Blocker | null>(null)

  useLayoutEffect(() => {
    dirtyRef.current = dirty
    onBlockedRef.current = onBlocked
  })

  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
      dirtyRef.current && !bypass.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  )
  const blocker = useBlocker(shouldBlock)

  useEffect(() => {
    if (blocker.state !== 'blocked' || handling.current === blocker) return
    handling.current = blocker
    const blocked = blocker
    void (async () => {
      let go = await onBlockedRef.current?.(blocked.location)
      go ??= await dialog.confirm({
        title: t('wizard.unsaved.title'),
        message: t('wizard.unsaved.message'),
        confirmLabel: t('wizard.unsaved.leave'),
        cancelLabel: t('wizard.unsaved.stay'),
      })
      handling.current = null
      if (go) blocked.proceed()
      else blocked.reset()
    })()
  }, [blocker, dialog, t])

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  /** Runs a navigation of the form's own (after saving) without the warning; `go` must navigate synchronously. */
  const leave = useCallback((go: () => unknown) => {
    bypass.current = true
    try {
      return go()
    } finally {
      bypass.current = false
    }
  }, [])

  return { leave }
}
