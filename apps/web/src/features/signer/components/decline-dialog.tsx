import { Modal, Stack, Text, Textarea } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { ReasonSchema, SIGNING_LIMITS } from '@offerbook/domain/signing'
import { notifyError } from '../../../shared/notify'
import { useSchemaForm } from '../../../shared/use-schema-form'
import type { SignerLink } from '../api/signer'
import { useDeclineSigning } from '../api/signer'
import { DialogActions } from '../../../shared/ui/dialog-actions'

/**
 * 'Decline to sign': a reason is required (the sender reads it); the view then shows the declined page.
 * A chunk of its own, loaded when the signer first asks to decline (decline-dialog-loader.tsx): its
 * schema brings zod, which the signer's first screen does without (decision 101).
 */
export default function DeclineDialog({ opened, onClose, link }: { opened: boolean; onClose: () => void; link: SignerLink }) {
  const { t } = useTranslation()
  const decline = useDeclineSigning(link)
  const form = useSchemaForm({ schema: ReasonSchema, initialValues: { reason: '' } })

  const submit = form.onSubmit(({ reason }) => {
    decline.mutate(reason, {
      onError: (failure) => {
        if (!form.serverErrors(failure)) notifyError(failure)
      },
    })
  })

  const close = () => {
    if (decline.isPending) return
    form.setErrors({})
    onClose()
  }

  return (
    <Modal opened={opened} onClose={close} title={t('signer.decline.title')} centered size="md" styles={{ title: { fontWeight: 700 } }} closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{t('signer.decline.intro')}</Text>
          <Textarea
            label={t('signer.decline.reason')}
            {...form.field('reason')}
            maxLength={SIGNING_LIMITS.maxReason}
            rows={4}
            withAsterisk
            data-autofocus
          />
          <DialogActions cancel={t('signer.decline.cancel')} onCancel={close} confirm={t('signer.decline.submit')} color="red.9" loading={decline.isPending} holdCancel />
        </Stack>
      </form>
    </Modal>
  )
}
