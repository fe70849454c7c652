import type { FormEvent } from 'react'
import { useState } from 'react'
import { Alert, Group, Loader, NumberInput, Paper, Radio, Stack, Text, TextInput, Title, Button } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { useSearchParams } from '../../shared/navigation'
import type { EarnestMoneyMethod } from '@offerbook/domain/earnest-money'
import { EARNEST_MONEY_LIMITS, EARNEST_MONEY_METHODS, HolderAttestationSchema } from '@offerbook/domain/earnest-money'
import type { Message, MessageKey } from '@offerbook/domain/messages'
import { OFFER_LIMITS } from '@offerbook/domain/offer-values'
import { useAttestReceipt, useHolderPage } from '../../features/offers/api/earnest-money'
import { formatCalendarDate } from '../../features/offers/components/details/offer-format'
import { fieldErrorsOf } from '../../shared/api-client'
import { errorText, translate } from '../../shared/i18n/messages'
import { formatMoney } from '../../shared/money'
import { DateInput } from '../../shared/ui/date-input'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

const FIELDS = ['amount', 'receivedOn', 'method', 'methodOther'] as const
type Field = (typeof FIELDS)[number]
type Values = { amount: number | null; receivedOn: string; method: string; methodOther: string }

/**
 * /earnest-money/attest?token=… (public, issue #35 item 4, decision 070): the link an agent of a
 * contract sent the holder of its earnest money. The holder sees the contract and attests receipt
 * (amount, date, method), once; no account is needed.
 */
export default function EarnestMoneyAttestPage() {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  const page = useHolderPage(token)
  const attest = useAttestReceipt(token)
  const [values, setValues] = useState<Values | null>(null)
  const [shown, setShown] = useState<Partial<Record<Field, Message>>>({})
  const server = fieldErrorsOf(attest.error, FIELDS.map((field) => `attestation.${field}` as const))
  const errorOf = (field: Field) => {
    const message = shown[field] ?? server[`attestation.${field}`]
    return message ? translate(message) : undefined
  }
  const current: Values = values ?? { amount: page.data?.amountDue ?? null, receivedOn: page.data?.today ?? '', method: '', methodOther: '' }
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues({ ...current, [key]: value })
    setShown((was) => ({ ...was, [key]: undefined }))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = HolderAttestationSchema.safeParse(current)
    if (!parsed.success) {
      const problems: Partial<Record<Field, Message>> = {}
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'amount') as Field
        problems[field] ??= { key: issue.message as MessageKey }
      }
      setShown(problems)
      return
    }
    attest.mutate(parsed.data)
  }

  let content
  if (!token)
    content = (
      <Alert color="red" role="alert">
        {t('earnestMoney.holderPage.noToken')}
      </Alert>
    )
  else if (attest.isSuccess)
    content = (
      <Alert color="green" role="status" title={t('earnestMoney.holderPage.done')} data-testid="holder-done">
        {t('earnestMoney.holderPage.doneLead', { amount: formatMoney(attest.data.amount, language), date: formatCalendarDate(attest.data.receivedOn, language) })}
      </Alert>
    )
  else if (page.isPending)
    content = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('earnestMoney.holderPage.loading')}</Text>
      </Group>
    )
  else if (page.isError)
    content = (
      <Alert color="red" role="alert">
        {errorText(page.error)}
      </Alert>
    )
  else {
    const view = page.data
    const other = attest.error && Object.keys(server).length === 0 ? errorText(attest.error) : null
    const rows: [string, string][] = [
      [t('earnestMoney.holderPage.address'), view.address],
      [t('earnestMoney.holderPage.buyers'), view.buyers.join(', ') || '-'],
      [t('earnestMoney.holderPage.sellers'), view.sellers.join(', ') || '-'],
      [t('earnestMoney.holderPage.binding'), formatCalendarDate(view.bindingAgreementDate, language)],
      [t('earnestMoney.holderPage.amountDue'), view.amountDue === null ? '-' : formatMoney(view.amountDue, language)],
      [t('earnestMoney.holderPage.holder'), [view.holder.name, view.holder.kind ? t(`earnestMoney.holderKinds.${view.holder.kind}`) : ''].filter(Boolean).join(', ') || '-'],
      [t('earnestMoney.holderPage.holderAddress'), view.holder.address || '-'],
    ]
    content = (
      <Stack gap="lg">
        <Text>{t('earnestMoney.holderPage.lead')}</Text>
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('earnestMoney.holderPage.contract')}
          </Title>
          <Stack gap={4} component="dl" m={0}>
            {rows.map(([label, value]) => (
              <Group key={label} gap="xs" wrap="wrap">
                <Text component="dt" fw={600} size="sm">
                  {label}:
                </Text>
                <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <NumberInput
              label={t('earnestMoney.holderPage.amount')}
              value={current.amount ?? ''}
              onChange={(value) => set('amount', typeof value === 'number' ? value : null)}
              min={0}
              max={OFFER_LIMITS.maxPrice}
              decimalScale={2}
              thousandSeparator=","
              required
              error={errorOf('amount')}
              disabled={attest.isPending}
            />
            <DateInput label={t('earnestMoney.holderPage.receivedOn')} value={current.receivedOn} onChange={(value) => set('receivedOn', value)} minDate={view.bindingAgreementDate} maxDate={view.today} required error={errorOf('receivedOn')} disabled={attest.isPending} />
            <Radio.Group label={t('earnestMoney.holderPage.method')} value={current.method} onChange={(value) => set('method', value)} required error={errorOf('method')}>
              <Stack gap={6} mt={4}>
                {EARNEST_MONEY_METHODS.map((method: EarnestMoneyMethod) => (
                  <Radio key={method} value={method} label={t(`earnestMoney.methods.${method}`)} disabled={attest.isPending} />
                ))}
              </Stack>
            </Radio.Group>
            {current.method === 'other' && (
              <TextInput label={t('earnestMoney.holderPage.methodOther')} value={current.methodOther} onChange={(event) => set('methodOther', event.currentTarget.value)} maxLength={EARNEST_MONEY_LIMITS.maxText} required error={errorOf('methodOther')} disabled={attest.isPending} />
            )}
            {other && (
              <Alert color="red" role="alert">
                {other}
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              {t('earnestMoney.holderPage.expires', { date: dateTimeFormat(language, { dateStyle: 'long' }).format(new Date(view.expiresAt)) })}
            </Text>
            <Group>
              <Button type="submit" loading={attest.isPending}>
                {t('earnestMoney.holderPage.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    )
  }

  return (
    <Stack gap="lg" maw={640} mx="auto" w="100%" py="xl">
      <Title order={1}>{t('earnestMoney.holderPage.title')}</Title>
      <Paper withBorder p="lg">
        {content}
      </Paper>
    </Stack>
  )
}
