import { Checkbox, Grid, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import { OFFER_LIMITS } from '@offerbook/domain/offer-values'
import { IncrementInput } from '../../../../shared/ui/increment-input'
import { SectionCard } from '../../../../shared/ui/section-card'
import type { EditorForm } from './editor-form'
import { sectionMemo } from './editor-form'

/** The escalation clause (decision 029): increment over a competing offer, cap, and whether the competing offer's proof is required. */
function EscalationSectionView({ form }: { form: EditorForm }) {
  const { t } = useTranslation()
  const { terms, set, error, disabled } = form
  const clause = terms.escalation
  return (
    <SectionCard title={t('negotiation.escalation.section')}>
      <Stack gap="sm">
        <Checkbox
          label={t('negotiation.escalation.include')}
          checked={clause !== null}
          onChange={(event) => set('escalation', event.currentTarget.checked ? { increment: null, cap: null, proofRequired: true } : null)}
          disabled={disabled}
        />
        <Text size="sm" c="dimmed">
          {t('negotiation.escalation.hint')}
        </Text>
        {clause && (
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <IncrementInput
                label={t('negotiation.escalation.increment')}
                value={clause.increment}
                onChange={(value) => set('escalation.increment', value)}
                min={1}
                max={OFFER_LIMITS.maxPrice}
                units={500}
                error={error('escalation.increment')}
                disabled={disabled}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <IncrementInput
                label={t('negotiation.escalation.cap')}
                value={clause.cap}
                onChange={(value) => set('escalation.cap', value)}
                min={OFFER_LIMITS.minPrice}
                max={OFFER_LIMITS.maxPrice}
                units={1000}
                error={error('escalation.cap')}
                disabled={disabled}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Checkbox label={t('negotiation.escalation.proofRequired')} checked={clause.proofRequired} onChange={(event) => set('escalation.proofRequired', event.currentTarget.checked)} disabled={disabled} />
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </SectionCard>
  )
}

export const EscalationSection = sectionMemo(EscalationSectionView, ({ form }) => [form.terms.escalation, form.errorsUnder('escalation')])
