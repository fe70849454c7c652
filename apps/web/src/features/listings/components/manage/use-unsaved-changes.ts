import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useBlocker } from 'react-router'
import { useDialog } from '../../../../shared/ui/app-dialog'

/**
 * While `dirty`, leaving for another page (another tab included) asks first, through the app dialog;
 * closing or reloading the browser tab gets the browser's own question. Changing only the query string
 * of the same page is not leaving.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const { t } = useTranslation()
  const dialog = useDialog()
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname)
  const latest = useRef(blocker)
  useEffect(() => {
    latest.current = blocker
  })

  useEffect(() => {
    if (blocker.state !== 'blocked') return
    let active = true
    void dialog
      .confirm({ title: t('manage.unsaved.title'), message: t('manage.unsaved.message'), confirmLabel: t('manage.unsaved.leave'), cancelLabel: t('manage.unsaved.stay') })
      .then((leave) => {
        const current = latest.current
        if (!active || current.state !== 'blocked') return
        if (leave) current.proceed()
        else current.reset()
      })
    return () => {
      active = false
    }
  }, [blocker.state, dialog, t])

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
}
