import type { FormEvent } from 'react'
import { useState } from 'react'
import { Alert, Modal, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { ContractNotices, NoticeType, TerminationGround } from '@offerbook/domain/contract-notices'
import { CONTINGENCIES, CONTINGENCY_ITEMS, DraftNoticeSchema, INSPECTION_RESULTS, NOTICE_LIMITS } from '@offerbook/domain/contract-notices'
import type { TimelineKind } from '@offerbook/domain/contract-timeline'
import type { Message, MessageKey } from '@offerbook/domain/messages'
import { OFFER_LIMITS } from '@offerbook/domain/offer-values'
import { fieldErrorsOf } from '../../../../shared/api-client'
import { errorText, translate } from '../../../../shared/i18n/messages'
import { notifySuccess } from '../../../../shared/notify'
import { DateInput } from '../../../../shared/ui/date-input'
import { DialogActions } from '../../../../shared/ui/dialog-actions'
import { IncrementInput } from '../../../../shared/ui/increment-input'
import { useDraftNotice } from '../../api/notices'

const FIELDS = ['type', 'item', 'result', 'contingency', 'outcome', 'appraisedValue', 'appraisalDate', 'amount', 'deliveredOn', 'holder', 'receivedOn', 'ground', 'reason', 'note'] as const
type Field = (typeof FIELDS)[number]
type Values = { result: string; contingency: string; outcome: string; appraisedValue: number | null; appraisalDate: string; amount: number | null; deliveredOn: string; holder: string; receivedOn: string; ground: string; reason: string; note: string }

/** What a notice is about: an item of the timeline and the notices it calls for, or the contract's termination. */
export type NoticeTarget = { kind: 'item'; item: TimelineKind; types: NoticeType[] } | { kind: 'termination'; grounds: TerminationGround[] }

export type NoticeDialogProps = {
  offerId: string
  target: NoticeTarget | null
  /** Today in the property's calendar, YYYY-MM-DD: the latest a fact's date may be. */
  today: string
  bindingDate: string
  signers: ContractNotices['signers']
  onClose: () => void
}

/** The body the API reads for each notice type, from the dialog's values. */
function bodyOf(type: NoticeType, item: TimelineKind | null, values: Values): Record<string, unknown> {
  const note = values.note
  switch (type) {
    case 'inspectionResult':
      return { type, item, result: values.result, note }
    case 'contingency':
      return { type, item, contingency: values.contingency, outcome: values.outcome, note }
    case 'appraisalNotice':
      return { type, item, appraisedValue: values.appraisedValue, appraisalDate: values.appraisalDate, note }
    case 'earnestMoneyDelivered':
      return { type, item, amount: values.amount, deliveredOn: values.deliveredOn, holder: values.holder, note }
    case 'deliveryReceived':
      return { type, item, receivedOn: values.receivedOn, note }
    case 'termination':
      return { type, ground: values.ground, reason: values.reason }
  }
}

/**
 * 'Send notice' (decision 065): a notice drafted from a timeline item with its facts, or the
 * termination of the contract with its ground and reason. The same schema as the API's checks it
 * before sending; the API's refusal shows on its field. Sent, it goes to the side's signers, each
 * emailed a link to sign.
 */
export function NoticeDialog({ offerId, target, today, bindingDate, signers, onClose }: NoticeDialogProps) {
  const { t } = useTranslation()
  const draft = useDraftNotice(offerId)
  const types: NoticeType[] = target?.kind === 'item' ? target.types : ['termination']
  const item = target?.kind === 'item' ? target.item : null
  const contingencies = item ? CONTINGENCIES.filter((contingency) => CONTINGENCY_ITEMS[contingency].includes(item)) : []
  const [type, setType] = useState<NoticeType | null>(null)
  const chosen: NoticeType = type ?? types[0] ?? 'termination'
  const [values, setValues] = useState<Values>({ result: '', contingency: '', outcome: '', appraisedValue: null, appraisalDate: today, amount: null, deliveredOn: today, holder: '', receivedOn: today, ground: '', reason: '', note: '' })
  const [shown, setShown] = useState<Partial<Record<Field, Message>>>({})
  const server = fieldErrorsOf(draft.error, FIELDS)
  // A refusal of the notice as a whole (an item already done, the other side's notice) has no field of its own to show on.
  const serverOther = draft.error && Object.keys(server).every((field) => field === 'item' || field === 'type') ? errorText(draft.error) : null
  const errorOf = (field: Field) => {
    const message = shown[field] ?? server[field]
    return message ? translate(message) : undefined
  }
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }))
    setShown((current) => ({ ...current, [key]: undefined }))
  }
  const busy = draft.isPending

  const close = () => {
    if (busy) return
    draft.reset()
    setShown({})
    setType(null)
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = bodyOf(chosen, item, { ...values, contingency: values.contingency || (contingencies.length === 1 ? contingencies[0]! : '') })
    const parsed = DraftNoticeSchema.safeParse(body)
    if (!parsed.success) {
      const problems: Partial<Record<Field, Message>> = {}
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'type') as Field
        if (!problems[field]) problems[field] = { key: issue.message as MessageKey }
      }
      setShown(problems)
      return
    }
    draft.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(t('contractNotices.sentNotice'))
        setShown({})
        setType(null)
        onClose()
      },
    })
  }

  const title = target?.kind === 'termination' ? t('contractNotices.terminateTitle') : t('contractNotices.dialogTitle')
  return (
    <Modal opened={target !== null} onClose={close} title={title} closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {item && (
            <Text size="sm" fw={600}>
              {translate({ key: `timeline.${item}` as MessageKey })}
            </Text>
          )}
          {types.length > 1 && (
            <Radio.Group label={t('contractNotices.type')} value={chosen} onChange={(value) => setType(value as NoticeType)} error={errorOf('type')}>
              <Stack gap={6} mt={4}>
                {types.map((each) => (
                  <Radio key={each} value={each} label={t(`contractNotices.types.${each}`)} disabled={busy} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {types.length === 1 && chosen !== 'termination' && <Text size="sm">{t(`contractNotices.types.${chosen}`)}</Text>}

          {chosen === 'inspectionResult' && (
            <Radio.Group label={t('contractNotices.result')} value={values.result} onChange={(value) => set('result', value)} error={errorOf('result')} required>
              <Stack gap={6} mt={4}>
                {INSPECTION_RESULTS.map((each) => (
                  <Radio key={each} value={each} label={t(`contractNotices.results.${each}`)} disabled={busy} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {chosen === 'contingency' && (
            <>
              {contingencies.length > 1 && (
                <Select
                  label={t('contractNotices.contingency')}
                  data={contingencies.map((each) => ({ value: each, label: t(`contractNotices.contingencies.${each}`) }))}
                  value={values.contingency || null}
                  onChange={(value) => set('contingency', value ?? '')}
                  error={errorOf('contingency')}
                  required
                  disabled={busy}
                />
              )}
              <Radio.Group label={t('contractNotices.outcome')} value={values.outcome} onChange={(value) => set('outcome', value)} error={errorOf('outcome') ?? errorOf('contingency')} required>
                <Stack gap={6} mt={4}>
                  <Radio value="satisfied" label={t('contractNotices.outcomes.satisfied')} disabled={busy} />
                  <Radio value="waived" label={t('contractNotices.outcomes.waived')} disabled={busy} />
                </Stack>
              </Radio.Group>
            </>
          )}
          {chosen === 'appraisalNotice' && (
            <>
              <IncrementInput label={t('contractNotices.appraisedValue')} value={values.appraisedValue} onChange={(value) => set('appraisedValue', value)} min={1} max={OFFER_LIMITS.maxPrice} units={1000} required error={errorOf('appraisedValue')} disabled={busy} />
              <DateInput label={t('contractNotices.appraisalDate')} value={values.appraisalDate} onChange={(value) => set('appraisalDate', value)} maxDate={today} required error={errorOf('appraisalDate')} disabled={busy} />
            </>
          )}
          {chosen === 'earnestMoneyDelivered' && (
            <>
              <IncrementInput label={t('contractNotices.amount')} value={values.amount} onChange={(value) => set('amount', value)} min={1} max={OFFER_LIMITS.maxPrice} units={100} required error={errorOf('amount')} disabled={busy} />
              <DateInput label={t('contractNotices.deliveredOn')} value={values.deliveredOn} onChange={(value) => set('deliveredOn', value)} minDate={bindingDate} maxDate={today} required error={errorOf('deliveredOn')} disabled={busy} />
              <TextInput label={t('contractNotices.holder')} value={values.holder} onChange={(event) => set('holder', event.currentTarget.value)} maxLength={NOTICE_LIMITS.maxHolder} required error={errorOf('holder')} disabled={busy} />
            </>
          )}
          {chosen === 'deliveryReceived' && (
            <DateInput label={t('contractNotices.receivedOn')} value={values.receivedOn} onChange={(value) => set('receivedOn', value)} minDate={bindingDate} maxDate={today} required error={errorOf('receivedOn')} disabled={busy} />
          )}
          {chosen === 'termination' && target?.kind === 'termination' && (
            <>
              <Text size="sm">{t('contractNotices.terminateIntro')}</Text>
              <Select
                label={t('contractNotices.ground')}
                data={target.grounds.map((each) => ({ value: each, label: t(`contractNotices.grounds.${each}`) }))}
                value={values.ground || null}
                onChange={(value) => set('ground', value ?? '')}
                error={errorOf('ground')}
                required
                disabled={busy}
              />
              <Textarea label={t('contractNotices.reason')} value={values.reason} onChange={(event) => set('reason', event.currentTarget.value)} maxLength={NOTICE_LIMITS.maxReason} autosize minRows={3} required error={errorOf('reason')} disabled={busy} />
            </>
          )}
          {chosen !== 'termination' && (
            <Textarea label={t('contractNotices.note')} value={values.note} onChange={(event) => set('note', event.currentTarget.value)} maxLength={NOTICE_LIMITS.maxNote} autosize minRows={2} error={errorOf('note')} disabled={busy} />
          )}
          <Text size="sm" c="dimmed" data-testid="notice-signers">
            {signers.length > 0 ? t('contractNotices.signedBy', { names: signers.map((signer) => signer.name).join(', ') }) : t('contractNotices.noSigners')}
          </Text>
          {serverOther && (
            <Alert color="red" role="alert" data-testid="notice-problem">
              {serverOther}
            </Alert>
          )}
          <DialogActions
            cancel={t('contractNotices.cancel')}
            onCancel={close}
            confirm={target?.kind === 'termination' ? t('contractNotices.terminateConfirm') : t('contractNotices.send')}
            color={target?.kind === 'termination' ? 'red' : undefined}
            loading={busy}
            holdCancel
          />
        </Stack>
      </form>
    </Modal>
  )
}
