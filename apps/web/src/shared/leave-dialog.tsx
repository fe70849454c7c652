import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from './i18n/translation'

export type LeaveChoice = 'save' | 'discard' | 'stay'

/** The dialog's texts, already translated: each form words its question for its own page. */
export type LeaveGuardTexts = {
  title: string
  message: string
  stay: string
  /** Leave without saving. */
  discard: string
  /** Shown only when the form can `save` from the dialog. */
  save?: string
}

export type LeaveQuestion = { canDiscard: boolean; resolve: (choice: LeaveChoice) => void }

export type LeaveDialogProps = { question: LeaveQuestion | null; texts: LeaveGuardTexts; canSave: boolean; onAnswer: (choice: LeaveChoice) => void }

/** The leave guard's question (use-leave-guard.tsx): stay, leave without saving, or save and go on. */
export function LeaveDialog({ question, texts, canSave, onAnswer }: LeaveDialogProps) {
  const { t } = useTranslation()
  return (
    <Modal opened={question !== null} onClose={() => onAnswer('stay')} title={texts.title} centered styles={{ title: { fontWeight: 700 } }} closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <Stack gap="lg">
        <Text>{texts.message}</Text>
        <Group justify="flex-end" gap="sm">
          {/* Stay takes the focus: Enter must not throw the changes away. */}
          <Button variant="default" onClick={() => onAnswer('stay')} data-autofocus>
            {texts.stay}
          </Button>
          {question?.canDiscard && (
            <Button variant="default" color="red" onClick={() => onAnswer('discard')}>
              {texts.discard}
            </Button>
          )}
          {canSave && texts.save && <Button onClick={() => onAnswer('save')}>{texts.save}</Button>}
        </Group>
      </Stack>
    </Modal>
  )
}
