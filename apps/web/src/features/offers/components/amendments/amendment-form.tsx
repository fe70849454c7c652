import type { FormEvent } from 'react'
import { useMemo, useState } from 'react'
import { ActionIcon, Alert, Button, Checkbox, Group, Modal, NativeSelect, NumberInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { AmendmentChanges, AmendmentProblem } from '@offerbook/domain/contract-amendments'
import { AMENDMENT_LIMITS, amendmentLines, amendmentProblems, DraftAmendmentSchema } from '@offerbook/domain/contract-amendments'
import type { Message } from '@offerbook/domain/messages'
import type { OfferTerms, OfferView } from '@offerbook/domain/offer'
import { OFFER_LIMITS, POSSESSION_TIMES } from '@offerbook/domain/offer-values'
import { dateInZone } from '@offerbook/domain/property-time'
import { ApiClientError } from '../../../../shared/api-client'
import { errorText, translate } from '../../../../shared/i18n/messages'
import { formatMoney } from '../../../../shared/money'
import { notifySuccess } from '../../../../shared/notify'
import { DateInput } from '../../../../shared/ui/date-input'
import { DialogActions } from '../../../../shared/ui/dialog-actions'
import { IncrementInput } from '../../../../shared/ui/increment-input'
import { useDraftAmendment } from '../../api/amendments'
import { formatCalendarDate, zoneOf } from '../details/offer-format'
import { AmendmentLines } from './amendment-lines'

type Field = 'closingDate' | 'purchasePrice' | 'possession' | 'sellerConcessions' | 'inspectionPeriodDays' | 'resolutionPeriodDays' | 'repairs'
type Errors = Partial<Record<Field | 'form', Message>>

type Values = {
  closingDate: string
  purchasePrice: number | null
  possessionTime: OfferTerms['possession']['time']
  possessionDate: string
  credit: number | null
  inspectionPeriodDays: number | null
  resolutionPeriodDays: number | null
  repairs: string[]
}

function initialValues(terms: OfferTerms): Values {
  return {
    closingDate: terms.closingDate ?? '',
    purchasePrice: terms.purchasePrice,
    possessionTime: terms.possession.time,
    possessionDate: terms.possession.date ?? '',
    credit: terms.sellerConcessions.unit === 'dollars' ? terms.sellerConcessions.amount : null,
    inspectionPeriodDays: terms.inspectionPeriodDays,
    resolutionPeriodDays: terms.resolutionPeriodDays,
    repairs: [],
  }
}

/** The amendment the form holds: each field whose value is no longer the contract's (as a counter is built, decision 051). */
export function changesOf(values: Values, start: Values): AmendmentChanges {
  const changes: AmendmentChanges = {}
  if (values.closingDate !== start.closingDate && values.closingDate !== '') changes.closingDate = values.closingDate
  if (values.purchasePrice !== start.purchasePrice && values.purchasePrice !== null) changes.purchasePrice = values.purchasePrice
  if (values.possessionTime !== start.possessionTime || (values.possessionTime !== 'at-closing' && values.possessionDate !== start.possessionDate))
    changes.possession = { time: values.possessionTime, date: values.possessionTime === 'at-closing' || values.possessionDate === '' ? null : values.possessionDate }
  if (values.credit !== start.credit && values.credit !== null) changes.sellerConcessions = { unit: 'dollars', amount: values.credit }
  if (values.inspectionPeriodDays !== start.inspectionPeriodDays && values.inspectionPeriodDays !== null) changes.inspectionPeriodDays = values.inspectionPeriodDays
  if (values.resolutionPeriodDays !== start.resolutionPeriodDays && values.resolutionPeriodDays !== null) changes.resolutionPeriodDays = values.resolutionPeriodDays
  const repairs = values.repairs.map((repair) => repair.trim()).filter((repair) => repair !== '')
  if (repairs.length > 0) changes.repairs = repairs
  return changes
}

/** A problem's field in this form: `changes.possession.date` is the possession's, `changes` the whole form's. */
function fieldOf(path: string): Field | 'form' {
  const [head, field] = path.split('.')
  if (head !== 'changes' || field === undefined) return 'form'
  return field as Field
}

function errorsOf(problems: readonly Pick<AmendmentProblem, 'path' | 'key' | 'params'>[]): Errors {
  const errors: Errors = {}
  for (const { path, key, params } of problems) {
    const field = fieldOf(path)
    if (!errors[field]) errors[field] = params ? { key, params } : { key }
  }
  return errors
}

function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiClientError)) return {}
  return errorsOf(error.errors.map(({ path, key, params }) => ({ path, key: key as AmendmentProblem['key'], params })))
}

export type AmendmentFormProps = { offer: OfferView; version: number; opened: boolean; onClose: () => void }

/**
 * 'Propose an amendment' (decision 066): the contract's current terms that an amendment may change,
 * each filled with its value now; what differs is the amendment, listed current -> new before it is
 * sent. The API's own checks (domain's amendmentProblems) run here first, on each field.
 */
export function AmendmentForm({ offer, version, opened, onClose }: AmendmentFormProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const terms = offer.terms
  const start = useMemo(() => initialValues(terms), [terms])
  const [values, setValues] = useState<Values>(start)
  const [message, setMessage] = useState('')
  const [confirmed, setConfirmed] = useState(false)
  const [shown, setShown] = useState<Errors>({})
  const draft = useDraftAmendment(offer.id)
  const today = dateInZone(new Date(), zoneOf(offer.property))
  const changes = changesOf(values, start)
  const lines = amendmentLines(terms, changes)
  const priceCheck = changes.purchasePrice !== undefined && amendmentProblems(terms, { purchasePrice: changes.purchasePrice }, { today, listPrice: offer.property.listPrice, confirmed: false }).some((problem) => problem.key === 'amendment.priceUnconfirmed')
  const fromServer = serverErrors(draft.error)
  const otherServer = draft.error && Object.keys(fromServer).length === 0 ? errorText(draft.error) : null
  const errorAt = (field: Field | 'form') => {
    const found = shown[field] ?? fromServer[field]
    return found ? translate(found) : undefined
  }

  const set = <K extends keyof Values>(key: K, value: Values[K], field: Field) => {
    setValues((current) => ({ ...current, [key]: value }))
    setShown((current) => ({ ...current, [field]: undefined, form: undefined }))
    if (draft.error) draft.reset()
  }

  const close = () => {
    if (draft.isPending) return
    draft.reset()
    setValues(start)
    setMessage('')
    setConfirmed(false)
    setShown({})
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = { changes, version, message: message.trim(), confirmed: priceCheck && confirmed }
    const parsed = DraftAmendmentSchema.safeParse(body)
    const problems = parsed.success
      ? amendmentProblems(terms, parsed.data.changes, { today, listPrice: offer.property.listPrice, confirmed: body.confirmed })
      : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), key: (issue.message || 'common.invalidValue') as AmendmentProblem['key'] }))
    const errors = errorsOf(problems)
    setShown(errors)
    if (Object.keys(errors).length > 0) return
    draft.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('amendments.sentNotice'))
        setValues(start)
        setMessage('')
        setShown({})
        onClose()
      },
    })
  }

  const now = (text: string) => t('amendments.now', { value: text })
  const disabled = draft.isPending

  return (
    <Modal opened={opened} onClose={close} title={t('amendments.formTitle')} size="lg" closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <form onSubmit={submit} noValidate data-testid="amendment-form">
        <Stack gap="md">
          <Text size="sm">{t('amendments.formIntro')}</Text>
          <DateInput
            label={t('amendments.field.closingDate')}
            description={now(terms.closingDate ? formatCalendarDate(terms.closingDate, language) : '-')}
            value={values.closingDate}
            onChange={(value) => set('closingDate', value, 'closingDate')}
            error={errorAt('closingDate')}
            disabled={disabled}
          />
          <IncrementInput
            label={t('amendments.field.purchasePrice')}
            description={now(terms.purchasePrice === null ? '-' : formatMoney(terms.purchasePrice, language))}
            value={values.purchasePrice}
            onChange={(value) => {
              set('purchasePrice', value, 'purchasePrice')
              setConfirmed(false)
            }}
            min={OFFER_LIMITS.minPrice}
            max={OFFER_LIMITS.maxPrice}
            units={1000}
            error={errorAt('purchasePrice')}
            disabled={disabled}
          />
          {priceCheck && <Checkbox checked={confirmed} onChange={(event) => setConfirmed(event.currentTarget.checked)} label={t('amendments.confirmPrice')} disabled={disabled} />}
          <NativeSelect
            label={t('amendments.field.possession')}
            description={now(t(`amendments.possession.${terms.possession.time}`))}
            value={values.possessionTime}
            onChange={(event) => set('possessionTime', event.currentTarget.value as Values['possessionTime'], 'possession')}
            data={POSSESSION_TIMES.map((time) => ({ value: time, label: t(`amendments.possession.${time}`) }))}
            error={values.possessionTime === 'at-closing' ? errorAt('possession') : undefined}
            disabled={disabled}
          />
          {values.possessionTime !== 'at-closing' && (
            <DateInput label={t('amendments.possessionDate')} value={values.possessionDate} onChange={(value) => set('possessionDate', value, 'possession')} minDate={today} error={errorAt('possession')} disabled={disabled} />
          )}
          <IncrementInput
            label={t('amendments.field.sellerConcessions')}
            description={now(terms.sellerConcessions.amount === null ? t('amendments.none') : terms.sellerConcessions.unit === 'percent' ? t('amendments.percentOfPrice', { percent: terms.sellerConcessions.amount }) : formatMoney(terms.sellerConcessions.amount, language))}
            value={values.credit}
            onChange={(value) => set('credit', value, 'sellerConcessions')}
            min={0}
            max={OFFER_LIMITS.maxPrice}
            units={500}
            error={errorAt('sellerConcessions')}
            disabled={disabled}
          />
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput
              label={t('amendments.field.inspectionPeriodDays')}
              description={now(terms.inspectionPeriodDays === null ? '-' : t('negotiation.days', { count: terms.inspectionPeriodDays }))}
              value={values.inspectionPeriodDays ?? ''}
              onChange={(value) => set('inspectionPeriodDays', typeof value === 'number' ? value : null, 'inspectionPeriodDays')}
              min={0}
              max={OFFER_LIMITS.maxInspectionDays}
              allowDecimal={false}
              error={errorAt('inspectionPeriodDays')}
              disabled={disabled}
              miw={150}
            />
            <NumberInput
              label={t('amendments.field.resolutionPeriodDays')}
              description={now(terms.resolutionPeriodDays === null ? '-' : t('negotiation.days', { count: terms.resolutionPeriodDays }))}
              value={values.resolutionPeriodDays ?? ''}
              onChange={(value) => set('resolutionPeriodDays', typeof value === 'number' ? value : null, 'resolutionPeriodDays')}
              min={0}
              max={OFFER_LIMITS.maxInspectionDays}
              allowDecimal={false}
              error={errorAt('resolutionPeriodDays')}
              disabled={disabled}
              miw={150}
            />
          </Group>
          <RepairList label={t('amendments.field.repairs')} repairs={values.repairs} onChange={(repairs) => set('repairs', repairs, 'repairs')} error={errorAt('repairs')} disabled={disabled} />
          <Textarea label={t('amendments.message')} value={message} onChange={(event) => setMessage(event.currentTarget.value)} maxLength={AMENDMENT_LIMITS.maxMessage} autosize minRows={2} disabled={disabled} />
          <Stack gap={4} aria-live="polite">
            <Title order={3} size="h5">
              {t('amendments.summaryTitle')}
            </Title>
            {lines.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('amendments.summaryEmpty')}
              </Text>
            ) : (
              <AmendmentLines lines={lines} testId="amendment-summary" />
            )}
          </Stack>
          {(errorAt('form') || otherServer) && (
            <Alert color="red" role="alert" data-testid="amendment-problem">
              {errorAt('form') ?? otherServer}
            </Alert>
          )}
          <DialogActions cancel={t('amendments.cancel')} onCancel={close} confirm={t('amendments.send')} loading={draft.isPending} holdCancel />
        </Stack>
      </form>
    </Modal>
  )
}

/** A list of repairs, one line each, added and removed by buttons a keyboard reaches. */
export function RepairList({ label, repairs, onChange, error, disabled }: { label: string; repairs: string[]; onChange: (repairs: string[]) => void; error?: string | undefined; disabled?: boolean }) {
  const { t } = useTranslation()
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {repairs.map((repair, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={t('amendments.repairNumber', { number: index + 1 })}
            value={repair}
            onChange={(event) => onChange(repairs.map((item, at) => (at === index ? event.currentTarget.value : item)))}
            maxLength={AMENDMENT_LIMITS.maxRepairText}
            disabled={disabled}
            style={{ flex: 1 }}
          />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('amendments.removeRepair', { number: index + 1 })} onClick={() => onChange(repairs.filter((_, at) => at !== index))} disabled={disabled}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="default" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onChange([...repairs, ''])} disabled={disabled || repairs.length >= AMENDMENT_LIMITS.maxRepairs}>
          {t('amendments.addRepair')}
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  )
}
