import { Button, Group, Text } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import { errorText } from '../../../../shared/i18n/messages'
import type { SaveState } from './use-offer-autosave'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/** Where autosave stands: Saving…, Saved at hh:mm, or Not saved and why, with a button to save now. */
export function SaveStatus({ state, dirty, onSave }: { state: SaveState; dirty: boolean; onSave: () => void }) {
  const { t, i18n } = useTranslation()
  let text: string
  let failed = false
  // An edit made after the last save waits for its own.
  const shown: SaveState = dirty && state.kind === 'saved' ? { kind: 'idle' } : state
  switch (shown.kind) {
    case 'saving':
      text = t('offerEditor.save.saving')
      break
    case 'saved':
      text = t('offerEditor.save.savedAt', { time: dateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(shown.at) })
      break
    case 'invalid':
      text = t('offerEditor.save.invalid')
      failed = true
      break
    case 'failed':
      text = t('offerEditor.save.failed', { reason: errorText(shown.error) })
      failed = true
      break
    default:
      text = dirty ? t('offerEditor.save.pending') : t('offerEditor.save.upToDate')
  }
  return (
    <Group gap="xs" align="center">
      <Text size="sm" role="status" aria-live="polite" data-testid="offer-save-status" c={failed ? 'var(--mantine-color-error)' : undefined} fw={failed ? 600 : undefined}>
        {text}
      </Text>
      {failed && (
        <Button size="compact-sm" variant="default" onClick={onSave}>
          {t('offerEditor.save.now')}
        </Button>
      )}
    </Group>
  )
}
