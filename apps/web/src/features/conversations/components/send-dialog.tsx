import { useState } from 'react'
import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useTranslation } from '../../../shared/i18n/translation'
import { SEND_LIMITS } from '@offerbook/domain/send'
import { useSendBatch } from '../api/send-messages'
import { translate } from '../../../shared/i18n/messages'
import { PhoneChips } from './phone-chips'
import type { PhoneChipsValue } from './phone-format'
import { chipsFrom, formatPhone } from './phone-format'
import type { SendPrefill } from './send-prefill'
import type { SendFormErrors, SendFormField } from './send-form'
import { canSend, checkSend, emailEntries } from './send-form'
import type { Notice, SendField } from './send-results'
import { sendReport } from './send-results'
import { DialogActions } from '../../../shared/ui/dialog-actions'

export type SendDialogProps = {
  opened: boolean
  prefill: SendPrefill
  onClose: () => void
  /** Called once the closing animation ends (the host gives the focus back to the opener). */
  onClosed?: () => void
}


/** Where the API's field errors show. */
const FORM_FIELD: Record<SendField, SendFormField> = { emailAddresses: 'emails', subject: 'subject', message: 'message', phoneNumber: 'phones' }

function show(notice: Notice, t: (key: string) => string) {
  const success = notice.tone === 'success'
  notifications.show({
    color: success ? 'green' : 'red',
    title: t(success ? 'notify.successTitle' : 'notify.errorTitle'),
    message: notice.text,
    withBorder: true,
    closeButtonProps: { 'aria-label': t('notify.close') },
  })
}

/** The Send Email/SMS dialog of spec section 2 screen 4: Subject, Message, phone chips, emails; Cancel and Send. */
export default function SendDialog({ opened, prefill, onClose, onClosed }: SendDialogProps) {
  const { t } = useTranslation()
  const [subject, setSubject] = useState(prefill.subject ?? '')
  const [message, setMessage] = useState(prefill.message ?? '')
  const [emailsText, setEmailsText] = useState((prefill.emails ?? []).join(', '))
  const [chips, setChips] = useState<PhoneChipsValue>(() => chipsFrom(prefill.phones ?? []))
  const [errors, setErrors] = useState<SendFormErrors>({})
  // What already went from this dialog: said under the fields, and the emails count for a retry of texts.
  const [sent, setSent] = useState<{ emailed: string[]; texted: string[] }>({ emailed: [], texted: [] })
  const send = useSendBatch()
  const sending = send.isPending
  const { skipped } = emailEntries(emailsText)

  const clear = (field: SendFormField) => setErrors(({ [field]: _dropped, ...rest }) => rest)

  const submit = async () => {
    if (sending || !canSend(message)) return
    const checked = checkSend({ subject, message, emailsText, chips, emailed: sent.emailed }, t)
    setChips(checked.chips)
    setErrors(checked.errors)
    if (!checked.ok) return

    const outcome = await send.mutateAsync({
      emailAddresses: checked.emails,
      phoneNumbers: checked.chips.phones,
      subject: subject.trim(),
      message: message.trim(),
      propertyId: prefill.propertyId,
    })
    const report = sendReport(outcome, t)
    for (const notice of report.notices) show(notice, t)
    if (report.allSent) {
      onClose()
      return
    }
    // What went stays gone, so Send again retries only what failed; the dialog says what went.
    setSent(({ emailed, texted }) => ({ emailed: [...emailed, ...report.emailed], texted: [...texted, ...report.texted] }))
    if (report.emailsSent) setEmailsText('')
    setChips({ phones: report.failedPhones, draft: '', invalid: false })
    const fieldErrors: SendFormErrors = {}
    for (const [field, text] of Object.entries(report.fieldErrors)) if (text) fieldErrors[FORM_FIELD[field as SendField]] = translate(text)
    setErrors(fieldErrors)
  }

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!sending) onClose()
      }}
      onExitTransitionEnd={onClosed}
      title={t('sendDialog.title')}
      centered
      size="lg"
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('sendDialog.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('sendDialog.subject')}
            value={subject}
            error={errors.subject}
            disabled={sending}
            maxLength={SEND_LIMITS.subjectMax + 50}
            onChange={(event) => {
              setSubject(event.currentTarget.value)
              clear('subject')
            }}
            data-autofocus
          />
          <Textarea
            label={t('sendDialog.message')}
            description={t('sendDialog.messageHint', { minimum: SEND_LIMITS.messageMin })}
            value={message}
            error={errors.message}
            disabled={sending}
            rows={6}
            resize="vertical"
            onChange={(event) => {
              setMessage(event.currentTarget.value)
              clear('message')
            }}
          />
          <PhoneChips
            value={chips}
            error={errors.phones}
            disabled={sending}
            onChange={(next) => {
              setChips(next)
              clear('phones')
            }}
          />
          <Textarea
            label={t('sendDialog.emails')}
            description={t('sendDialog.emailsHint')}
            value={emailsText}
            error={errors.emails}
            disabled={sending}
            rows={3}
            resize="vertical"
            onChange={(event) => {
              setEmailsText(event.currentTarget.value)
              clear('emails')
            }}
          />
          {skipped.length > 0 && (
            <Text size="sm" c="gray.7" role="status">
              {t('sendDialog.skipped', { entries: skipped.join(', ') })}
            </Text>
          )}
          {sent.emailed.length + sent.texted.length > 0 && (
            <Text size="sm" role="status">
              {t('sendDialog.sentTo', { recipients: [...sent.emailed, ...sent.texted.map(formatPhone)].join(', ') })}
            </Text>
          )}
          <DialogActions cancel={t('sendDialog.cancel')} onCancel={onClose} confirm={t('sendDialog.send')} loading={sending} holdCancel disabled={!canSend(message)} />
        </Stack>
      </form>
    </Modal>
  )
}
