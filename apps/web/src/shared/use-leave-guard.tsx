import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { moduleBeside } from './module-beside'
import type { BlockedNavigation, NavigationLocation } from './navigation'
import type { LeaveChoice, LeaveDialogProps, LeaveGuardTexts, LeaveQuestion } from './leave-dialog'
import { useNavigationBlocker } from './navigation'

export type { LeaveChoice, LeaveGuardTexts, LeaveQuestion } from './leave-dialog'

export type LeaveGuardOptions = {
  /** Whether leaving now would lose something. Read at the moment of each navigation. */
  dirty: boolean
  texts: LeaveGuardTexts
  /** Saves from the dialog; true when everything is saved and the person may go on. */
  save?: () => Promise<boolean>
  /**
   * A navigation stopped because of unsaved changes: answer true when it was taken care of and may go
   * on, false to stay, or undefined to ask the person.
   */
  onBlocked?: (next: NavigationLocation) => Promise<boolean | undefined>
  /** A change of the query string alone counts as leaving (a wizard whose step is in the query). */
  watchSearch?: boolean
}


/** The dialog (with Mantine's Modal) is fetched once there is something to lose, not with the form. */
const leaveDialog = moduleBeside(() => import('./leave-dialog'), { eager: false })

/**
 * The one guard of unsaved changes: navigations inside the app stop at its dialog (the navigation's
 * blocker, Back and Forward included), closing or reloading the tab gets the browser's own prompt. Render the returned `dialog`.
 */
export function useLeaveGuard({ dirty, texts, save, onBlocked, watchSearch = false }: LeaveGuardOptions) {
  const [question, setQuestion] = useState<LeaveQuestion | null>(null)
  const latest = useRef({ dirty, save, onBlocked })
  const bypass = useRef(false)
  const handling = useRef<BlockedNavigation | null>(null)
  useLayoutEffect(() => {
    latest.current = { dirty, save, onBlocked }
  })

  const ask = useCallback((canDiscard: boolean) => new Promise<LeaveChoice>((resolve) => setQuestion({ canDiscard, resolve })), [])

  const answer = (choice: LeaveChoice) => {
    question?.resolve(choice)
    setQuestion(null)
  }

  const shouldBlock = useCallback(
    (current: NavigationLocation, next: NavigationLocation) =>
      latest.current.dirty && !bypass.current && (current.pathname !== next.pathname || (watchSearch && current.search !== next.search)),
    [watchSearch],
  )
  const onNavigationBlocked = useCallback(
    (blocked: BlockedNavigation) => {
      // One question at a time: a second navigation while the dialog is open stays where it is.
      if (handling.current) return
      handling.current = blocked
      void (async () => {
        let go = await latest.current.onBlocked?.(blocked.location)
        if (go === undefined) {
          const choice = await ask(true)
          const saveNow = latest.current.save
          go = choice === 'discard' || (choice === 'save' && saveNow !== undefined && (await saveNow()))
        }
        handling.current = null
        if (go) blocked.proceed()
        else blocked.reset()
      })()
    },
    [ask],
  )
  useNavigationBlocker(shouldBlock, onNavigationBlocked)

  useEffect(() => {
    if (!dirty) return
    leaveDialog.start()
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  /** Before an action that needs the form saved: true when nothing is unsaved, or the person chose Save and everything saved. */
  const readyToAct = useCallback(async (): Promise<boolean> => {
    if (!latest.current.dirty) return true
    const choice = await ask(false)
    const saveNow = latest.current.save
    return choice === 'save' && saveNow !== undefined && (await saveNow())
  }, [ask])

  /** Runs a navigation of the form's own (after saving or deleting) without asking; `go` must navigate synchronously. */
  const leave = useCallback((go: () => unknown) => {
    bypass.current = true
    try {
      return go()
    } finally {
      bypass.current = false
    }
  }, [])

  // Drawn from the first question on (and kept, so it closes with its animation).
  const [asked, setAsked] = useState(false)
  if (question && !asked) setAsked(true)
  const dialog = asked ? <LeaveDialogSlot question={question} texts={texts} canSave={save !== undefined} onAnswer={answer} /> : null
  return { readyToAct, leave, dialog }
}

function LeaveDialogSlot(props: LeaveDialogProps) {
  const module = leaveDialog.use()
  return module ? <module.LeaveDialog {...props} /> : null
}
