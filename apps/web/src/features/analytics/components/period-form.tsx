import { Button, Group } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { AnalyticsPeriod } from '@offerbook/domain/analytics'
import { AnalyticsPeriodSchema } from '@offerbook/domain/analytics'
import type { Message } from '@offerbook/domain/messages'
import { translateOptional } from '../../../shared/i18n/messages'
import { DateInput } from '../../../shared/ui/date-input'
import { useSchemaForm } from '../../../shared/use-schema-form'

type PeriodErrors = Partial<Record<'from' | 'to', Message>>

/**
 * The period picker: two days, checked with the API's own schema, so an end before the start or a
 * period over five years is refused on the end date before any call; the API's refusal shows there too.
 */
export function PeriodForm({ period, serverErrors, onApply }: { period: AnalyticsPeriod; serverErrors: PeriodErrors; onApply: (period: AnalyticsPeriod) => void }) {
  const { t } = useTranslation()
  const form = useSchemaForm({
    schema: AnalyticsPeriodSchema,
    initialValues: { from: period.from, to: period.to },
    toInput: ({ from, to }) => ({ from: from || undefined, to: to || undefined }),
    // The API fills a missing day with its default; here both are asked for.
    check: ({ from, to }) => (from && to ? {} : { [from ? 'to' : 'from']: { key: 'common.required' } }),
  })
  const { from, to } = form.values
  const submit = form.onSubmit(() => onApply({ from, to }))

  return (
    <form onSubmit={submit} noValidate aria-label={t('analytics.period')}>
      <Group align="flex-start" gap="sm">
        <DateInput label={t('analytics.from')} value={from} onChange={(day) => form.setValue('from', day, [])} error={form.errorOf('from') ?? translateOptional(serverErrors.from)} required name="from" />
        <DateInput label={t('analytics.to')} value={to} onChange={(day) => form.setValue('to', day, [])} error={form.errorOf('to') ?? translateOptional(serverErrors.to)} required name="to" />
        <Button type="submit" mt={25}>
          {t('analytics.apply')}
        </Button>
      </Group>
    </form>
  )
}
