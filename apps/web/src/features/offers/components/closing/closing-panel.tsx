import { useState } from 'react'
import { Alert, Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OfferView } from '@offerbook/domain/offer'
import { CLOSING_DISPUTE_REASON_MAX } from '@offerbook/domain/offer-closing'
import { errorText } from '../../../../shared/i18n/messages'
import { formatMoney } from '../../../../shared/money'
import { notifyError, notifySuccess } from '../../../../shared/notify'
import { useDialog } from '../../../../shared/ui/app-dialog'
import { DialogActions } from '../../../../shared/ui/dialog-actions'
import { useConfirmClosing, useDisputeClosing } from '../../api/closing'
import { formatCalendarDate } from '../details/offer-format'
import { RecordClosingDialog } from './record-closing-dialog'

/**
 * The closing of an accepted offer, on the offer page of both sides (decision 061): Record closing
 * once the contract is binding; then, to both sides, 'Closing recorded, waiting for the other side to
 * confirm' with the figures, and to the other side Confirm closing and Dispute; once confirmed, the
 * figures it closed at. A link holder or team member reads it without buttons.
 */
export function ClosingPanel({ offer }: { offer: OfferView }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const dialog = useDialog()
  const [recording, setRecording] = useState(false)
  const [disputing, setDisputing] = useState(false)
  const confirm = useConfirmClosing(offer.id)
  const { closing } = offer
  const side = offer.viewer === 'link' ? null : offer.viewer
  const mayClose = side !== null && offer.actions.includes('close')

  if (offer.status === 'closed' && closing) {
    return (
      <Section id={offer.id}>
        <Alert color="green" data-testid="closing-closed">
          {t('closing.closedOn', { date: formatCalendarDate(closing.closingDate, language), price: formatMoney(closing.finalPrice, language) })}
        </Alert>
      </Section>
    )
  }
  if (offer.status !== 'accepted') return null

  if (!closing) {
    if (!mayClose || offer.bindingAgreementAt === null) return null
    return (
      <Section id={offer.id}>
        <Text size="sm">{t('closing.intro')}</Text>
        <Group>
          <Button variant="default" onClick={() => setRecording(true)}>
            {t('closing.record')}
          </Button>
        </Group>
        <RecordClosingDialog offer={offer} opened={recording} onClose={() => setRecording(false)} />
      </Section>
    )
  }

  const answers = mayClose && closing.recordedSide !== side
  const confirmClosing = async () => {
    const sure = await dialog.confirm({ title: t('closing.confirmTitle'), message: t('closing.confirmMessage'), confirmLabel: t('closing.confirm') })
    if (!sure) return
    confirm.mutate(undefined, { onSuccess: () => notifySuccess(t('closing.confirmedNotice')), onError: notifyError })
  }
  return (
    <Section id={offer.id}>
      <Alert color="yellow" role="status" data-testid="closing-waiting" title={t('closing.waiting')}>
        <Text size="sm">
          {t(closing.recordedByName ? 'closing.figuresBy' : 'closing.figures', {
            date: formatCalendarDate(closing.closingDate, language),
            price: formatMoney(closing.finalPrice, language),
            name: closing.recordedByName ?? '',
          })}
        </Text>
        {!answers && side !== null && (
          <Text size="sm" mt={4}>
            {t('closing.yoursRecorded')}
          </Text>
        )}
      </Alert>
      {answers && (
        <Group gap="sm">
          <Button onClick={() => void confirmClosing()} loading={confirm.isPending} disabled={disputing}>
            {t('closing.confirm')}
          </Button>
          <Button variant="default" color="red" onClick={() => setDisputing(true)} disabled={confirm.isPending}>
            {t('closing.dispute')}
          </Button>
        </Group>
      )}
      {answers && <DisputeClosingDialog offerId={offer.id} opened={disputing} onClose={() => setDisputing(false)} />}
    </Section>
  )
}

function Section({ id, children }: { id: string; children: React.ReactNode }) {
  const { t } = useTranslation()
  return (
    <Stack gap="sm" component="section" aria-labelledby={`offer-closing-${id}`} data-testid="offer-closing">
      <Title order={2} size="h3" id={`offer-closing-${id}`}>
        {t('closing.title')}
      </Title>
      {children}
    </Stack>
  )
}

/** Disputing the recorded figures, with a reason the side that recorded them reads; the record is cleared. */
function DisputeClosingDialog({ offerId, opened, onClose }: { offerId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  const dispute = useDisputeClosing(offerId)
  const close = () => {
    if (dispute.isPending) return
    dispute.reset()
    setMissing(false)
    onClose()
  }
  return (
    <Modal opened={opened} onClose={close} title={t('closing.disputeTitle')} closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (reason.trim() === '') return setMissing(true)
          dispute.mutate(
            { reason: reason.trim() },
            {
              onSuccess: () => {
                notifySuccess(t('closing.disputedNotice'))
                setReason('')
                onClose()
              },
            },
          )
        }}
      >
        <Stack gap="md">
          <Textarea
            label={t('closing.disputeReason')}
            description={t('closing.disputeHint')}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value)
              setMissing(false)
            }}
            maxLength={CLOSING_DISPUTE_REASON_MAX}
            autosize
            minRows={3}
            required
            data-autofocus
            error={missing ? t('closing.disputeReasonRequired') : undefined}
            disabled={dispute.isPending}
          />
          {dispute.isError && (
            <Alert color="red" role="alert">
              {errorText(dispute.error)}
            </Alert>
          )}
          <DialogActions cancel={t('closing.cancel')} onCancel={close} confirm={t('closing.disputeSend')} color="red" loading={dispute.isPending} holdCancel />
        </Stack>
      </form>
    </Modal>
  )
}
