import { useEffect, useRef, useState } from 'react'
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconDownload, IconSignature } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import type { OfferSigning } from '@offerbook/domain/signing'
import { useBusyAction } from '../../../shared/use-busy-action'
import { useDialog } from '../../../shared/ui/app-dialog'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { downloadSignedPdf, useOfferSigning } from '../api/signing'
import { FieldPlacementEditor } from './field-placement-editor'
import { PacketCard } from './packet-card'
import { SendOfferPacketDialog } from './send-offer-packet-dialog'
import { formatDay } from './signing-format'
import { UploadFormButton } from './upload-form-button'

export type OfferSigningPanelProps = {
  offerId: string
  offerStatus: OfferStatus
  /** Heading level of the panel's title (2 under the page's h1). */
  headingOrder?: 2 | 3
  /** Called once the offer packet is seen completed, so the page can fetch the offer (its signedAt) again. */
  onOfferSigned?: () => void
}

/** Electronic signing of an accepted offer (issue #12; OfferSigningSlot shows it only then): the offer packet, form documents, and what each party may do with them. */
export function OfferSigningPanel({ offerId, offerStatus, headingOrder = 2, onOfferSigned }: OfferSigningPanelProps) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <Paper component="section" withBorder p="lg" aria-labelledby={titleId} data-testid="offer-signing">
      <Stack gap="md">
        <Title order={headingOrder} size="h3" id={titleId}>
          {t('signing.panel.title')}
        </Title>
        <PanelBody offerId={offerId} offerStatus={offerStatus} onOfferSigned={onOfferSigned} packetHeadingOrder={headingOrder === 2 ? 3 : 4} />
      </Stack>
    </Paper>
  )
}

function PanelBody({ offerId, offerStatus, onOfferSigned, packetHeadingOrder }: Omit<OfferSigningPanelProps, 'headingOrder'> & { packetHeadingOrder: 3 | 4 }) {
  const { t } = useTranslation()
  const query = useOfferSigning(offerId)
  const dialog = useDialog()
  const [sending, setSending] = useState(false)
  const [editingId, setEditingId] = useState<string | null>(null)
  const [editorDirty, setEditorDirty] = useState(false)
  const signed = query.data?.packets.some((packet) => packet.kind === 'offer' && packet.status === 'completed') ?? null
  const wasSigned = useRef<boolean | null>(null)
  const onSignedRef = useRef(onOfferSigned)
  useEffect(() => {
    onSignedRef.current = onOfferSigned
  })
  // Seen turning signed while the page is open (the seal job finished): the offer's own signedAt has changed too.
  useEffect(() => {
    if (signed === null) return
    if (wasSigned.current === false && signed) onSignedRef.current?.()
    wasSigned.current = signed
  }, [signed])

  if (query.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('signing.panel.loading')}</Text>
      </Group>
    )
  }
  // A refresh that fails keeps what was read (and a dialog open over it); only a first read that fails says so.
  if (query.isLoadingError) return <LoadFailedAlert title={t('signing.panel.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />

  const openEditor = (packetId: string | null) => {
    setEditorDirty(false)
    setEditingId(packetId)
  }
  // Placed fields live only in the editor until it sends them, so leaving it with some asks first.
  const leaveEditor = async () => {
    if (editorDirty) {
      const leave = await dialog.confirm({ title: t('signing.editor.leaveTitle'), message: t('signing.editor.leaveMessage'), confirmLabel: t('signing.editor.leaveConfirm') })
      if (!leave) return
    }
    openEditor(null)
  }

  const signing = query.data
  const editing = editingId ? (signing.packets.find((packet) => packet.id === editingId && packet.status === 'draft') ?? null) : null
  return (
    <Stack gap="md">
      <OfferPacketSummary signing={signing} onSend={() => setSending(true)} />
      {offerStatus === 'accepted' && (
        <Stack gap={4}>
          <Text size="sm" c="gray.8">
            {t('signing.upload.intro')}
          </Text>
          <UploadFormButton offerId={offerId} onUploaded={(packet) => openEditor(packet.id)} />
        </Stack>
      )}

      <Stack gap="sm">
        {signing.packets.length === 0 ? (
          <Text c="gray.8">{t('signing.panel.empty')}</Text>
        ) : (
          signing.packets.map((packet) => <PacketCard key={packet.id} packet={packet} headingOrder={packetHeadingOrder} onEdit={(draft) => openEditor(draft.id)} />)
        )}
      </Stack>

      <SendOfferPacketDialog opened={sending} offerId={offerId} signing={signing} onClose={() => setSending(false)} />
      <Modal
        opened={editing !== null}
        onClose={() => void leaveEditor()}
        fullScreen
        title={editing ? t('signing.editor.title', { title: editing.title }) : ''}
        closeButtonProps={{ 'aria-label': t('signing.close') }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {editing && <FieldPlacementEditor key={editing.id} packet={editing} suggestedSigners={signing.suggestedSigners} onDirtyChange={setEditorDirty} onDone={() => openEditor(null)} />}
      </Modal>
    </Stack>
  )
}

/** The offer packet's outcome at the top: signed with its PDF, out for signature, or the button that sends it. */
function OfferPacketSummary({ signing, onSend }: { signing: OfferSigning; onSend: () => void }) {
  const { t, i18n } = useTranslation()
  const { busy, run } = useBusyAction()
  const completed = signing.packets.find((packet) => packet.kind === 'offer' && packet.status === 'completed')

  if (completed) {
    return (
      <Alert color="green" title={t('signing.panel.signedTitle')} data-testid="offer-signed">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('signing.panel.signedOn', { date: formatDay(completed.completedAt ?? completed.createdAt, i18n.language) })}</Text>
          <Button size="sm" leftSection={<IconDownload size={16} aria-hidden />} loading={busy === 'download'} onClick={() => run('download', () => downloadSignedPdf(completed))}>
            {t('signing.downloadSigned')}
          </Button>
        </Stack>
      </Alert>
    )
  }
  const out = signing.packets.find((packet) => packet.kind === 'offer' && (packet.status === 'sent' || packet.status === 'completing'))
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{out ? t('signing.panel.outForSignature') : signing.canSendOffer ? t('signing.panel.readyToSend') : t('signing.panel.notSent')}</Text>
      {signing.canSendOffer && (
        <Button leftSection={<IconSignature size={16} aria-hidden />} onClick={onSend}>
          {t('signing.send.open')}
        </Button>
      )}
    </Stack>
  )
}
