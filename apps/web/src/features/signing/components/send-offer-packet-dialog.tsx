import { useState } from 'react'
import type { FormEvent } from 'react'
import { Alert, Checkbox, Divider, Fieldset, Modal, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { OfferSigning } from '@offerbook/domain/signing'
import { SendOfferPacketSchema } from '@offerbook/domain/signing'
import { signerProblems } from '@offerbook/domain/signing-rules'
import { errorMessage, notifySuccess } from '../../../shared/notify'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { useSendOfferPacket } from '../api/signing'
import type { SendOptions, SignerDraft } from './signing-form'
import { addProblems, DEFAULT_SEND_OPTIONS, expiresValue, serverProblems, signerDrafts, signerInputs } from './signing-form'
import { SendOptionsFields, SignerListEditor } from './signer-list-editor'
import { DialogActions } from '../../../shared/ui/dialog-actions'

export type SendOfferPacketDialogProps = {
  opened: boolean
  offerId: string
  signing: OfferSigning
  onClose: () => void
}

/** 'Send for signature': who signs the offer packet, in what order, by when, and which attachments go with the purchase and sale agreement. */
export function SendOfferPacketDialog({ opened, offerId, signing, onClose }: SendOfferPacketDialogProps) {
  const { t } = useTranslation()
  return (
    <Modal opened={opened} onClose={onClose} title={t('signing.send.title')} size="xl" closeButtonProps={{ 'aria-label': t('signing.close') }} styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}>
      {/* Mounted only while open, so each opening starts from the suggested signers. */}
      {opened && <SendOfferPacketForm offerId={offerId} signing={signing} onClose={onClose} />}
    </Modal>
  )
}

/** What the form holds: the signer rows (with their keys), the attachments ticked, and the send options. */
type PacketValues = SendOptions & { signers: SignerDraft[]; attachmentIds: string[] }

function SendOfferPacketForm({ offerId, signing, onClose }: Omit<SendOfferPacketDialogProps, 'opened'>) {
  const { t } = useTranslation()
  const send = useSendOfferPacket(offerId)
  // Checked as the API will: the schema, then one email per signer and a phone when a code is asked for.
  const form = useSchemaForm({
    schema: SendOfferPacketSchema,
    initialValues: (): PacketValues => ({ signers: signerDrafts(signing.suggestedSigners), attachmentIds: [], ...DEFAULT_SEND_OPTIONS }),
    toInput: (values) => ({
      signers: signerInputs(values.signers),
      // In the offer's order, whatever order they were ticked in.
      attachmentIds: signing.attachments.filter((attachment) => values.attachmentIds.includes(attachment.id)).map((attachment) => attachment.id),
      order: values.order,
      expiresInDays: expiresValue(values.expiresInDays),
      requireSmsCode: values.requireSmsCode,
      message: values.message,
    }),
    check: (values) => addProblems({}, signerProblems(signerInputs(values.signers), { requireSmsCode: values.requireSmsCode })),
  })
  const { signers, attachmentIds, ...options } = form.values
  const [failure, setFailure] = useState<string | null>(null)

  // A change clears its field's message, and those under it: rows moved or removed ('signers') clear all
  // the rows' messages, which by index no longer point at the right rows.
  const changed = (values: PacketValues, path: string) => {
    setFailure(null)
    form.setValues(values, [path])
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (send.isPending) return
    const checked = form.validate()
    if (!checked.ok) {
      setFailure(t('signing.send.fixProblems'))
      return
    }
    send.mutate(checked.data, {
      onSuccess: () => {
        notifySuccess('signing.send.sent')
        onClose()
      },
      onError: (error) => {
        // The API names fields by their paths in the request (`signers.1.email`), as the form does.
        form.setErrors(serverProblems(error))
        setFailure(errorMessage(error))
      },
    })
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">{t('signing.send.intro')}</Text>
        <Title order={3} size="h5">
          {t('signing.signers.title')}
        </Title>
        <SignerListEditor
          signers={signers}
          problems={form.errors}
          sequential={options.order === 'sequential'}
          requireSmsCode={options.requireSmsCode}
          onChange={(next, path) => changed({ ...form.values, signers: next }, path)}
        />
        <Divider />
        <SendOptionsFields
          value={options}
          problems={form.errors}
          onChange={(next, path) => changed({ ...form.values, ...next }, path)}
        />
        <Divider />
        <Fieldset legend={t('signing.send.documents')} variant="unstyled">
          <Stack gap={6} mt={6}>
            <Checkbox checked disabled readOnly label={t('signing.send.offerAlways')} />
            {signing.attachments.map((attachment) => (
              <Checkbox
                key={attachment.id}
                label={attachment.filename}
                checked={attachmentIds.includes(attachment.id)}
                onChange={(event) => {
                  const { checked } = event.currentTarget
                  changed({ ...form.values, attachmentIds: checked ? [...attachmentIds, attachment.id] : attachmentIds.filter((id) => id !== attachment.id) }, 'attachmentIds')
                }}
              />
            ))}
          </Stack>
        </Fieldset>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <DialogActions cancel={t('signing.cancel')} onCancel={onClose} confirm={t('signing.send.submit')} loading={send.isPending} holdCancel />
      </Stack>
    </form>
  )
}
