import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useBlocker } from 'react-router'
import type { Location } from 'react-router'

export type UnsavedChoice = 'save' | 'discard' | 'stay'

type Question = { canDiscard: boolean; resolve: (choice: UnsavedChoice) => void }

/**
 * 'Your changes are not saved. Please save the form before proceeding further' (spec section 8): asked
 * before an action and before leaving the page (the router's blocker; the browser's own prompt on
 * closing or reloading the tab). Save saves at once; leaving also offers to go without saving.
 */
export function useUnsavedChanges({ dirty, save }: { dirty: boolean; save: () => Promise<boolean> }) {
  const [question, setQuestion] = useState<Question | null>(null)
  const dirtyRef = useRef(dirty)
  const saveRef = useRef(save)
  const bypass = useRef(false)
  useLayoutEffect(() => {
    dirtyRef.current = dirty
    saveRef.current = save
  })

  const ask = useCallback((canDiscard: boolean) => new Promise<UnsavedChoice>((resolve) => setQuestion({ canDiscard, resolve })), [])

  const answer = (choice: UnsavedChoice) => {
    question?.resolve(choice)
    setQuestion(null)
  }

  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) => dirtyRef.current && !bypass.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  )
  const blocker = useBlocker(shouldBlock)
  const handling = useRef<unknown>(null)

  useEffect(() => {
    if (blocker.state !== 'blocked' || handling.current === blocker) return
    handling.current = blocker
    const blocked = blocker
    void (async () => {
      const choice = await ask(true)
      const go = choice === 'discard' || (choice === 'save' && (await saveRef.current()))
      handling.current = null
      if (go) blocked.proceed()
      else blocked.reset()
    })()
  }, [blocker, ask])

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

  /** Before an action: true when nothing is unsaved, or the person chose Save and everything saved. */
  const readyToAct = useCallback(async (): Promise<boolean> => {
    if (!dirtyRef.current) return true
    const choice = await ask(false)
    return choice === 'save' && (await saveRef.current())
  }, [ask])

  /** Runs a navigation of the editor's own (after deleting the draft) without asking; `go` must navigate synchronously. */
  const leave = useCallback((go: () => unknown) => {
    bypass.current = true
    try {
      return go()
    } finally {
      bypass.current = false
    }
  }, [])

  const dialog = <UnsavedDialog question={question} onAnswer={answer} />
  return { readyToAct, leave, dialog }
}

function UnsavedDialog({ question, onAnswer }: { question: Question | null; onAnswer: (choice: UnsavedChoice) => void }) {
  const { t } = useTranslation()
  return (
    <Modal opened={question !== null} onClose={() => onAnswer('stay')} title={t('offerEditor.unsaved.title')} centered styles={{ content: { maxWidth: '80vw', minWidth: 300 }, title: { fontWeight: 700 } }} closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <Stack gap="lg">
        <Text>{t('errors.changesNotSaved')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onAnswer('stay')} data-autofocus>
            {t('offerEditor.unsaved.stay')}
          </Button>
          {question?.canDiscard && (
            <Button variant="default" color="red" onClick={() => onAnswer('discard')}>
              {t('offerEditor.unsaved.discard')}
            </Button>
          )}
          <Button onClick={() => onAnswer('save')}>{t('offerEditor.unsaved.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  )
}
