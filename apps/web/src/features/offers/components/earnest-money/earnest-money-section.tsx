import type { z } from 'zod'
import { useState } from 'react'
import { Alert, Button, Group, Loader, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { EarnestMoneyView } from '@offerbook/domain/earnest-money'
import { DisbursementRequestInputSchema, EARNEST_MONEY_LIMITS, HOLDER_LINK_DAYS, HolderLinkInputSchema, ReleaseInputSchema } from '@offerbook/domain/earnest-money'
import { OFFER_LIMITS } from '@offerbook/domain/offer-values'
import { RELEASE_KINDS } from '@offerbook/domain/trust-clock'
import { LANGUAGES } from '@offerbook/domain/languages'
import type { Language } from '@offerbook/domain/languages'
import { fieldErrorsOf } from '../../../../shared/api-client'
import { errorText } from '../../../../shared/i18n/messages'
import { formatMoney } from '../../../../shared/money'
import { notifySuccess } from '../../../../shared/notify'
import { DateInput } from '../../../../shared/ui/date-input'
import { DialogActions } from '../../../../shared/ui/dialog-actions'
import { useSchemaForm } from '../../../../shared/use-schema-form'
import { DetailsSection } from '../details/term-list'
import { formatCalendarDate } from '../details/offer-format'
import { downloadReceipt, useEarnestMoney, useRecordRelease, useRecordRequest, useSendHolderLink } from '../../api/earnest-money'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

type Dialog = 'link' | 'request' | 'release' | null

/** What a dialog's mutation offers it: TanStack Query's mutation, seen from the dialog. */
type DialogMutation<In> = {
  mutate: (input: In, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void
  reset: () => void
  isPending: boolean
  error: unknown
}

/**
 * A dialog's form on the one form way (useSchemaForm): checked with the domain's schema, the API's
 * refusals put on their fields, any other refusal in an alert; closing clears it, and a success says
 * `done` and closes.
 */
function useDialogForm<V extends object, S extends z.ZodType>(mutation: DialogMutation<z.output<S>>, { schema, initialValues, done, onClose }: { schema: S; initialValues: () => V; done: string; onClose: () => void }) {
  const form = useSchemaForm({ schema, initialValues })
  const reset = () => {
    mutation.reset()
    form.setValues(initialValues())
    form.setErrors({})
  }
  const close = () => {
    if (mutation.isPending) return
    reset()
    onClose()
  }
  const submit = form.onSubmit((data) =>
    mutation.mutate(data, {
      onSuccess: () => {
        notifySuccess(done)
        reset()
        onClose()
      },
      onError: (error) => form.serverErrors(error),
    }),
  )
  const other = mutation.error && Object.keys(fieldErrorsOf(mutation.error, Object.keys(form.values))).length === 0 ? errorText(mutation.error) : null
  return { form, close, submit, other }
}

function LinkDialog({ offerId, opened, onClose }: { offerId: string; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const send = useSendHolderLink(offerId)
  const current = (i18n.resolvedLanguage ?? 'en-us') as Language
  const { form, close, submit, other } = useDialogForm(send, {
    schema: HolderLinkInputSchema,
    initialValues: () => ({ email: '', language: (LANGUAGES as readonly string[]).includes(current) ? current : ('en-us' as Language) }),
    done: 'earnestMoney.section.linkSent',
    onClose,
  })
  return (
    <Modal opened={opened} onClose={close} title={t('earnestMoney.dialogs.linkTitle')} closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('earnestMoney.dialogs.linkLead', { days: HOLDER_LINK_DAYS })}</Text>
          <TextInput type="email" label={t('earnestMoney.dialogs.email')} {...form.field('email')} required autoComplete="off" disabled={send.isPending} data-autofocus />
          <Select
            label={t('earnestMoney.dialogs.language')}
            data={LANGUAGES.map((language) => ({ value: language, label: t(`earnestMoney.languages.${language}`) }))}
            value={form.values.language}
            onChange={(value) => form.setValue('language', (value ?? 'en-us') as Language)}
            allowDeselect={false}
            error={form.errorOf('language')}
            disabled={send.isPending}
          />
          {other && (
            <Alert color="red" role="alert">
              {other}
            </Alert>
          )}
          <DialogActions cancel={t('earnestMoney.dialogs.cancel')} onCancel={close} confirm={t('earnestMoney.dialogs.send')} loading={send.isPending} holdCancel />
        </Stack>
      </form>
    </Modal>
  )
}

function RequestDialog({ offerId, today, opened, onClose }: { offerId: string; today: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const record = useRecordRequest(offerId)
  const { form, close, submit, other } = useDialogForm(record, {
    schema: DisbursementRequestInputSchema,
    initialValues: () => ({ requestedOn: today, requestedBy: '', payee: '' }),
    done: 'earnestMoney.section.requestRecorded',
    onClose,
  })
  return (
    <Modal opened={opened} onClose={close} title={t('earnestMoney.dialogs.requestTitle')} closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <DateInput label={t('earnestMoney.dialogs.requestedOn')} value={form.values.requestedOn} onChange={(value) => form.setValue('requestedOn', value)} maxDate={today} required error={form.errorOf('requestedOn')} disabled={record.isPending} />
          <TextInput label={t('earnestMoney.dialogs.requestedBy')} {...form.field('requestedBy')} maxLength={EARNEST_MONEY_LIMITS.maxText} required disabled={record.isPending} />
          <TextInput label={t('earnestMoney.dialogs.payeeAsked')} {...form.field('payee')} maxLength={EARNEST_MONEY_LIMITS.maxText} required disabled={record.isPending} />
          {other && (
            <Alert color="red" role="alert">
              {other}
            </Alert>
          )}
          <DialogActions cancel={t('earnestMoney.dialogs.cancel')} onCancel={close} confirm={t('earnestMoney.dialogs.record')} loading={record.isPending} holdCancel />
        </Stack>
      </form>
    </Modal>
  )
}

function ReleaseDialog({ offerId, today, amount, opened, onClose }: { offerId: string; today: string; amount: number | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const record = useRecordRelease(offerId)
  const { form, close, submit, other } = useDialogForm(record, {
    schema: ReleaseInputSchema,
    initialValues: (): { kind: string; releasedOn: string; payee: string; amount: number | null } => ({ kind: '', releasedOn: today, payee: '', amount }),
    done: 'earnestMoney.section.releaseRecorded',
    onClose,
  })
  return (
    <Modal opened={opened} onClose={close} title={t('earnestMoney.dialogs.releaseTitle')} closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label={t('earnestMoney.dialogs.kind')}
            data={RELEASE_KINDS.map((kind) => ({ value: kind, label: t(`earnestMoney.releaseKinds.${kind}`) }))}
            value={form.values.kind || null}
            onChange={(value) => form.setValue('kind', value ?? '')}
            required
            error={form.errorOf('kind')}
            disabled={record.isPending}
          />
          <DateInput label={t('earnestMoney.dialogs.releasedOn')} value={form.values.releasedOn} onChange={(value) => form.setValue('releasedOn', value)} maxDate={today} required error={form.errorOf('releasedOn')} disabled={record.isPending} />
          <TextInput label={t('earnestMoney.dialogs.payee')} {...form.field('payee')} maxLength={EARNEST_MONEY_LIMITS.maxText} required disabled={record.isPending} />
          <NumberInput
            label={t('earnestMoney.dialogs.amount')}
            value={form.values.amount ?? ''}
            onChange={(value) => form.setValue('amount', typeof value === 'number' ? value : null)}
            min={0}
            max={OFFER_LIMITS.maxPrice}
            decimalScale={2}
            thousandSeparator=","
            required
            error={form.errorOf('amount')}
            disabled={record.isPending}
          />
          {other && (
            <Alert color="red" role="alert">
              {other}
            </Alert>
          )}
          <DialogActions cancel={t('earnestMoney.dialogs.cancel')} onCancel={close} confirm={t('earnestMoney.dialogs.record')} loading={record.isPending} holdCancel />
        </Stack>
      </form>
    </Modal>
  )
}

/** What the section says of the contract's earnest money: holder, receipt, links, request and clock, release. */
function Facts({ view, language }: { view: EarnestMoneyView; language: string }) {
  const { t } = useTranslation()
  const day = (date: string) => formatCalendarDate(date, language)
  const money = (amount: number) => formatMoney(amount, language)
  const holder = view.holder.name || (view.holder.kind ? t(`earnestMoney.holderKinds.${view.holder.kind}`) : '')
  return (
    <Stack gap="xs">
      <Text size="sm">
        <strong>{t('earnestMoney.section.holder')}:</strong> {holder ? `${holder}${view.holder.kind && view.holder.name ? ` (${t(`earnestMoney.holderKinds.${view.holder.kind}`)})` : ''}` : t('earnestMoney.section.noHolder')}
      </Text>
      {view.holder.address && (
        <Text size="sm">
          <strong>{t('earnestMoney.section.holderAddress')}:</strong> {view.holder.address}
        </Text>
      )}
      {view.amountDue !== null && (
        <Text size="sm">
          <strong>{t('earnestMoney.section.amountDue')}:</strong> {money(view.amountDue)}
        </Text>
      )}
      <Text size="sm" data-testid="earnest-money-receipt">
        {view.receipt
          ? t('earnestMoney.section.receipt', { amount: money(view.receipt.amount), date: day(view.receipt.receivedOn), method: view.receipt.method === 'other' && view.receipt.methodOther ? view.receipt.methodOther : t(`earnestMoney.methods.${view.receipt.method}`), email: view.receipt.holderEmail })
          : t('earnestMoney.section.noReceipt')}
      </Text>
      {view.request && view.clock && (
        <Text size="sm" data-testid="earnest-money-request">
          {t('earnestMoney.section.request', { date: day(view.request.requestedOn), by: view.request.requestedBy, payee: view.request.payee, due: day(view.clock.dueOn) })}{' '}
          <strong>{t(`earnestMoney.clockStates.${view.clock.state}`, { days: Math.abs(view.clock.daysLeft ?? 0) })}</strong>
        </Text>
      )}
      {view.release && (
        <Text size="sm" data-testid="earnest-money-release">
          {t('earnestMoney.section.release', { date: day(view.release.releasedOn), payee: view.release.payee, amount: money(view.release.amount), kind: t(`earnestMoney.releaseKinds.${view.release.kind}`) })}
        </Text>
      )}
      {view.links.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('earnestMoney.section.links')}
          </Text>
          <Stack component="ul" gap={2} m={0} pl="md">
            {view.links.map((link) => (
              <Text component="li" size="sm" key={link.id} style={{ overflowWrap: 'anywhere' }}>
                {t('earnestMoney.section.linkLine', { email: link.email, date: dateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(link.sentAt)), state: t(`earnestMoney.section.linkStates.${link.state}`) })}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  )
}

/**
 * "Earnest money" on a contract's offer page (issue #35 item 4, decision 070): the holder the
 * contract names, its receipt, the written request to disburse with its 21-day clock, and the
 * release; the contract's agents send the holder a link and record the request and the release.
 */
export function EarnestMoneySection({ offerId, headingOrder = 2 }: { offerId: string; headingOrder?: 2 | 3 | 4 }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const query = useEarnestMoney(offerId)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [downloading, setDownloading] = useState(false)
  const [downloadError, setDownloadError] = useState<string | null>(null)

  let body: React.ReactNode
  if (query.isPending)
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('earnestMoney.section.loading')}</Text>
      </Group>
    )
  else if (query.isError)
    body = (
      <Alert color="red" variant="light" role="alert" title={t('earnestMoney.section.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(query.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    )
  else {
    const view = query.data
    const canLink = view.canAct && view.bound && view.receipt === null
    const canRequest = view.canAct && view.receipt !== null && view.request === null && view.release === null
    const canRelease = view.canAct && view.receipt !== null && view.release === null
    const download = () => {
      setDownloading(true)
      setDownloadError(null)
      downloadReceipt(offerId)
        .catch((error: unknown) => setDownloadError(errorText(error)))
        .finally(() => setDownloading(false))
    }
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('earnestMoney.section.lead')}
        </Text>
        {!view.canAct && <Text size="sm">{t('earnestMoney.section.readOnly')}</Text>}
        <Facts view={view} language={language} />
        {!view.bound && view.receipt === null && view.canAct && <Text size="sm">{t('earnestMoney.section.notBound')}</Text>}
        <Group gap="sm">
          {canLink && (
            <Button variant="light" onClick={() => setDialog('link')}>
              {view.links.some((link) => link.state === 'open') ? t('earnestMoney.section.sendAgain') : t('earnestMoney.section.sendLink')}
            </Button>
          )}
          {canRequest && (
            <Button variant="light" onClick={() => setDialog('request')}>
              {t('earnestMoney.section.recordRequest')}
            </Button>
          )}
          {canRelease && (
            <Button variant="light" onClick={() => setDialog('release')}>
              {t('earnestMoney.section.recordRelease')}
            </Button>
          )}
          {view.receipt && (
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download} loading={downloading}>
              {t('earnestMoney.section.downloadReceipt')}
            </Button>
          )}
        </Group>
        {downloadError && (
          <Alert color="red" role="alert">
            {downloadError}
          </Alert>
        )}
        {view.canAct && (
          <>
            <LinkDialog offerId={offerId} opened={dialog === 'link'} onClose={() => setDialog(null)} />
            <RequestDialog offerId={offerId} today={view.today} opened={dialog === 'request'} onClose={() => setDialog(null)} />
            <ReleaseDialog offerId={offerId} today={view.today} amount={view.receipt?.amount ?? null} opened={dialog === 'release'} onClose={() => setDialog(null)} />
          </>
        )}
      </Stack>
    )
  }

  return (
    <DetailsSection title={t('earnestMoney.section.title')} headingOrder={headingOrder}>
      <div data-testid="earnest-money-section">{body}</div>
    </DetailsSection>
  )
}
