import type { ReactNode } from 'react'
import { Box, Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import { OFFER_LIMITS } from '@offerbook/domain/offer-values'
import { addendumClausesText, stipulationClausesText } from '@offerbook/domain/offer-clauses'
import { SectionCard } from '../../../../shared/ui/section-card'
import type { EditorForm } from './editor-form'

/** The saved stipulation choices (terms.stipulationChoices): EDIT reopens them, Import replaces them. */
export type StipulationPickerProps = { choices: ClauseFormData | null; onImport: (choices: ClauseFormData) => void; disabled: boolean }
export type AddendumPickerProps = {
  formData: ClauseFormData | null
  onImport: (formData: ClauseFormData) => void
  disabled: boolean
  parties: { buyer: string; seller: string; property: string; timeZone?: 'America/New_York' | 'America/Chicago' }
}

/** The clause modals and their GENERATE/EDIT buttons: another feature's, so the page composes them in. */
export type ClausePickers = {
  renderStipulations: (props: StipulationPickerProps) => ReactNode
  renderAddendum: (props: AddendumPickerProps) => ReactNode
}

/** The imported clause text as the offer will carry it, or a note that there is none yet. */
function ClauseText({ text, error }: { text: string; error?: string }) {
  const { t } = useTranslation()
  return (
    <Stack gap={4}>
      {text ? (
        <Box p="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', background: 'var(--mantine-color-default-hover)', borderRadius: 'var(--mantine-radius-sm)' }} fz="sm">
          {text}
        </Box>
      ) : (
        <Text size="sm" c="dimmed">
          {t('offerEditor.noClauses')}
        </Text>
      )}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)">
          {error}
        </Text>
      )}
    </Stack>
  )
}

/**
 * The special stipulations, as the editor and a counter-offer both change them: the clauses picked
 * in the stipulation modal, then the stipulations typed freely.
 */
export function StipulationsSection({ form, pickers }: { form: EditorForm; pickers: ClausePickers }) {
  const { t } = useTranslation()
  const { terms, set, error, disabled } = form
  const clauses = stipulationClausesText(terms)
  return (
    <SectionCard title={t('offer.field.stipulations')}>
      <ClauseText text={clauses} error={error('stipulationChoices')} />
      <Group gap="sm">
        {pickers.renderStipulations({ choices: terms.stipulationChoices, onImport: (choices) => set('stipulationChoices', choices), disabled })}
        {terms.stipulationChoices !== null && (
          <Button variant="subtle" color="red" onClick={() => set('stipulationChoices', null)} disabled={disabled}>
            {t('offerEditor.clear')}
          </Button>
        )}
      </Group>
      <Textarea
        label={t('offer.field.otherStipulations')}
        description={t('offerEditor.otherStipulationsHint')}
        value={terms.stipulations}
        onChange={(event) => set('stipulations', event.currentTarget.value)}
        error={error('stipulations')}
        maxLength={OFFER_LIMITS.maxStipulations}
        disabled={disabled}
        autosize
        minRows={2}
        maxRows={10}
      />
    </SectionCard>
  )
}

/** The RF707 addendum's clauses, picked in its modal. `parties` fill the form's heading. */
export function AddendumSection({ form, pickers, parties }: { form: EditorForm; pickers: ClausePickers; parties: AddendumPickerProps['parties'] }) {
  const { t } = useTranslation()
  const { terms, set, error, disabled } = form
  return (
    <SectionCard title={t('offer.field.addendum')}>
      <ClauseText text={addendumClausesText(terms)} error={error('addendum')} />
      <Group gap="sm">
        {pickers.renderAddendum({ formData: terms.addendum, onImport: (formData) => set('addendum', formData), disabled, parties })}
        {terms.addendum !== null && (
          <Button variant="subtle" color="red" onClick={() => set('addendum', null)} disabled={disabled}>
            {t('offerEditor.clear')}
          </Button>
        )}
      </Group>
    </SectionCard>
  )
}
