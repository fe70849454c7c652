import { useEffect, useRef, useState } from 'react'
import { Box, Group, Stack, Text } from '@mantine/core'
import { concatLabel } from '@offerbook/domain/clauses/clause-text'
import { STIPULATION_CLAUSES } from '@offerbook/domain/clauses/stipulation-catalogue'
import type { Message } from '@offerbook/domain/messages'
import { useTranslation } from '../../../shared/i18n/translation'
import { translateOptional } from '../../../shared/i18n/messages'
import type { StipulationValue } from '../clause-form'
import { CLAUSE_MESSAGE_MS } from '../clause-form'
import { useClauseForm } from '../hooks/use-clause-form'
import { ClauseModal, ClauseModalActions, ClauseModalFooter } from './clause-modal'
import { ClauseRow } from './clause-row'

export type StipulationModalProps = {
  opened: boolean
  /** The saved value; with no keys (or none at all) the form opens empty (spec section 4). */
  value?: Partial<StipulationValue> | null
  /** Import with every ticked clause filled: the value to save. The modal then closes. */
  onImport: (value: StipulationValue) => void
  /** Close, Escape or the corner button: back to closed, nothing emitted. */
  onClose: () => void
}


/** The stipulation modal of spec screen 3: 40 optional clauses, Close and Import, and an inline error line. */
export function StipulationModal({ opened, value, onImport, onClose }: StipulationModalProps) {
  const { t } = useTranslation()
  return (
    <ClauseModal opened={opened} onClose={onClose} title={t('clauses.stipulation.title')} size="xl">
      {/* Mantine mounts the body only while open, so each opening starts from the saved value. */}
      <StipulationForm value={value} onImport={onImport} onClose={onClose} />
    </ClauseModal>
  )
}

function StipulationForm({ value, onImport, onClose }: Omit<StipulationModalProps, 'opened'>) {
  const { t } = useTranslation()
  const form = useClauseForm(STIPULATION_CLAUSES, value?.stipulationFormData)
  const [message, setMessage] = useState<Message | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const submit = () => {
    const result = form.check()
    clearTimeout(timer.current)
    if (!result.canImport) {
      setMessage(result.message)
      timer.current = setTimeout(() => setMessage(null), CLAUSE_MESSAGE_MS)
      return
    }
    setMessage(null)
    onImport({ concatLabel: concatLabel(STIPULATION_CLAUSES, form.values), stipulationFormData: form.values })
    onClose()
  }

  return (
    <Stack gap="sm">
      <Text size="sm">{t('clauses.stipulation.intro')}</Text>
      <Box
        component="section"
        aria-label={t('clauses.stipulation.list')}
        style={{ maxHeight: 'calc(100dvh - 16rem)', minHeight: '12rem', overflowY: 'auto', borderTop: '1px solid var(--mantine-color-default-border)' }}
        pr="xs"
      >
        {STIPULATION_CLAUSES.map((clause) => (
          <ClauseRow key={clause.key} clause={clause} form={form} />
        ))}
      </Box>
      <ClauseModalFooter>
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Text role="alert" size="sm" fw={600} c="var(--mantine-color-error)" style={{ minHeight: '1.5em', flex: '1 1 16rem' }}>
            {translateOptional(message)}
          </Text>
          <ClauseModalActions canImport={form.anyTicked} onImport={submit} onClose={onClose} />
        </Group>
      </ClauseModalFooter>
    </Stack>
  )
}
