import { useState } from 'react'
import { Alert, Button, Checkbox, Divider, Fieldset, Group, Modal, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { OfferSigning, SendOfferPacket } from '@offerbook/domain/signing'
import { SendOfferPacketSchema } from '@offerbook/domain/signing'
import { signerProblems } from '@offerbook/domain/signing-rules'
import { errorMessage, notifySuccess } from '../../../shared/notify'
import { useSendOfferPacket } from '../api/signing'
import type { Problems, SendOptions, SignerDraft } from './signing-form'
import { addProblems, DEFAULT_SEND_OPTIONS, expiresValue, serverProblems, signerDrafts, signerInputs, withoutProblems, zodProblems } from './signing-form'
import { SendOptionsFields, SignerListEditor } from './signer-list-editor'

export type SendOfferPacketDialogProps = {
  opened: boolean
  offerId: string
  signing: OfferSigning
  onClose: () => void
}

/** Checks the body as the API will: the schema, then one email per signer and a phone when a code is asked for. */
export function offerPacketProblems(body: unknown): { data: SendOfferPacket | null; problems: Problems } {
  const parsed = SendOfferPacketSchema.safeParse(body)
  const problems = addProblems({}, zodProblems(parsed.error))
  const raw = body as { signers?: SignerDraft[]; requireSmsCode?: boolean }
  const signers = (raw.signers ?? []).map((signer) => ({ ...signer, email: signer.email ?? '', phone: signer.phone ?? '' }))
  addProblems(problems, signerProblems(signers, { requireSmsCode: raw.requireSmsCode === true }))
  return { data: parsed.success && Object.keys(problems).length === 0 ? parsed.data : null, problems }
}

/** 'Send for signature': who signs the offer packet, in what order, by when, and which attachments go with the Offer to Purchase. */
export function SendOfferPacketDialog({ opened, offerId, signing, onClose }: SendOfferPacketDialogProps) {
  const { t } = useTranslation()
  return (
    <Modal opened={opened} onClose={onClose} title={t('signing.send.title')} size="xl" closeButtonProps={{ 'aria-label': t('signing.close') }} styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}>
      {/* Mounted only while open, so each opening starts from the suggested signers. */}
      {opened && <SendOfferPacketForm offerId={offerId} signing={signing} onClose={onClose} />}
    </Modal>
  )
}

function SendOfferPacketForm({ offerId, signing, onClose }: Omit<SendOfferPacketDialogProps, 'opened'>) {
  const { t } = useTranslation()
  const send = useSendOfferPacket(offerId)
  const [signers, setSigners] = useState<SignerDraft[]>(() => signerDrafts(signing.suggestedSigners))
  const [options, setOptions] = useState<SendOptions>(DEFAULT_SEND_OPTIONS)
  const [attachmentIds, setAttachmentIds] = useState<string[]>([])
  const [problems, setProblems] = useState<Problems>({})
  const [failure, setFailure] = useState<string | null>(null)

  const changed = (path: string) => {
    setFailure(null)
    // Rows moved or removed: the messages by index no longer point at the right rows.
    setProblems((current) => (path === 'signers' ? withoutProblems(current, 'signers') : withoutProblems(current, path)))
  }

  const submit = () => {
    if (send.isPending) return
    // In the offer's order, whatever order they were ticked in.
    const chosen = signing.attachments.filter((attachment) => attachmentIds.includes(attachment.id)).map((attachment) => attachment.id)
    const body = { signers: signerInputs(signers), attachmentIds: chosen, ...options, expiresInDays: expiresValue(options.expiresInDays) }
    const { data, problems: found } = offerPacketProblems(body)
    setProblems(found)
    if (!data) {
      setFailure(t('signing.send.fixProblems'))
      return
    }
    send.mutate(data, {
      onSuccess: () => {
        notifySuccess('signing.send.sent')
        onClose()
      },
      onError: (error) => {
        const fromServer = serverProblems(error)
        setProblems(fromServer)
        setFailure(errorMessage(error))
      },
    })
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('signing.send.intro')}</Text>
        <Title order={3} size="h5">
          {t('signing.signers.title')}
        </Title>
        <SignerListEditor
          signers={signers}
          problems={problems}
          sequential={options.order === 'sequential'}
          requireSmsCode={options.requireSmsCode}
          onChange={(next, path) => {
            setSigners(next)
            changed(path)
          }}
        />
        <Divider />
        <SendOptionsFields
          value={options}
          problems={problems}
          onChange={(next, path) => {
            setOptions(next)
            changed(path)
          }}
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
                  setAttachmentIds((current) => (checked ? [...current, attachment.id] : current.filter((id) => id !== attachment.id)))
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            {t('signing.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('signing.send.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
