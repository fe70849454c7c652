import { useState } from 'react'
import type { FormEvent } from 'react'
import { Button, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { AnalyticsPeriod } from '@offerbook/domain/analytics'
import { AnalyticsPeriodSchema } from '@offerbook/domain/analytics'
import type { Message } from '@offerbook/domain/messages'
import type { FieldMessages } from '../../../shared/form-validation'
import { validateWith } from '../../../shared/form-validation'
import { translateOptional } from '../../../shared/i18n/messages'
import { DateInput } from '../../../shared/ui/date-input'

type PeriodErrors = Partial<Record<'from' | 'to', Message>>

/**
 * The period picker: two days, checked with the API's own schema, so an end before the start or a
 * period over five years is refused on the end date before any call; the API's refusal shows there too.
 */
export function PeriodForm({ period, serverErrors, onApply }: { period: AnalyticsPeriod; serverErrors: PeriodErrors; onApply: (period: AnalyticsPeriod) => void }) {
  const { t } = useTranslation()
  const [from, setFrom] = useState(period.from)
  const [to, setTo] = useState(period.to)
  const [errors, setErrors] = useState<FieldMessages>({})

  function submit(event: FormEvent) {
    event.preventDefault()
    const result = validateWith(AnalyticsPeriodSchema, { from: from || undefined, to: to || undefined })
    setErrors(result.errors)
    if (result.ok && from && to) onApply({ from, to })
    else if (result.ok) setErrors({ [from ? 'to' : 'from']: { key: 'common.required' } })
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('analytics.period')}>
      <Group align="flex-start" gap="sm">
        <DateInput label={t('analytics.from')} value={from} onChange={setFrom} error={translateOptional(errors.from ?? serverErrors.from)} required name="from" />
        <DateInput label={t('analytics.to')} value={to} onChange={setTo} error={translateOptional(errors.to ?? serverErrors.to)} required name="to" />
        <Button type="submit" mt={25}>
          {t('analytics.apply')}
        </Button>
      </Group>
    </form>
  )
}
