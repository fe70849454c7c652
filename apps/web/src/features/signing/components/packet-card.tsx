import { useState } from 'react'
import type { FormEvent } from 'react'
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconBell, IconDownload, IconEdit, IconTrash, IconBan } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { Message } from '@offerbook/domain/messages'
import { issueMessage } from '@offerbook/domain/messages'
import type { PacketView } from '@offerbook/domain/signing'
import { ReasonSchema, SIGNING_LIMITS } from '@offerbook/domain/signing'
import { translateOptional } from '../../../shared/i18n/messages'
import { errorMessage, notifyError, notifySuccess } from '../../../shared/notify'
import { useDialog } from '../../../shared/ui/app-dialog'
import { downloadSignedPdf, useDeletePacket, useRemindPacket, useVoidPacket } from '../api/signing'
import { packetStatusColor, packetStatusKey, signerState } from './packet-status'
import { formatInstant } from './signing-format'
import { DialogActions } from '../../../shared/ui/dialog-actions'
import { DataTable } from '../../../shared/ui/data-table'
import { useBusyAction } from '../../../shared/use-busy-action'

export function PacketStatusBadge({ packet }: { packet: Pick<PacketView, 'kind' | 'status'> }) {
  const { t } = useTranslation()
  return (
    <Badge color={packetStatusColor(packet.status)} variant="filled" tt="none" autoContrast data-status={packet.status}>
      {t(packetStatusKey(packet.kind, packet.status))}
    </Badge>
  )
}

export type PacketCardProps = {
  packet: PacketView
  /** Opens a draft form document in the field placement editor. */
  onEdit?: (packet: PacketView) => void
  /** The level of the packet's title, one under the panel's heading. */
  headingOrder?: 3 | 4
}

/** One packet as the offer's parties follow it: its status, its signers and where each one is, and what may be done now. */
export function PacketCard({ packet, onEdit, headingOrder = 3 }: PacketCardProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const titleId = useId()
  const dialog = useDialog()
  const remind = useRemindPacket(packet.offerId)
  const remove = useDeletePacket(packet.offerId)
  const [voiding, setVoiding] = useState(false)
  const { busy, run } = useBusyAction()
  const can = (action: PacketView['actions'][number]) => packet.actions.includes(action)
  const when = (iso: string) => formatInstant(iso, language)

  const sendReminder = () => {
    if (remind.isPending) return
    remind.mutate(packet.id, {
      onSuccess: (answered) => {
        // The ones whose turn it is get the email; in order, that is the next signer only.
        const reminded = answered.signers.filter((signer) => signer.status === 'pending' && signer.canSignNow).map((signer) => signer.name)
        notifySuccess(reminded.length > 0 ? t('signing.packet.reminded', { names: reminded.join(', ') }) : t('signing.packet.remindedNobody'))
      },
      onError: notifyError,
    })
  }


  const deleteDraft = async () => {
    const confirmed = await dialog.confirm({ title: t('signing.packet.deleteTitle'), message: t('signing.packet.deleteMessage', { title: packet.title }), confirmLabel: t('signing.packet.deleteConfirm') })
    if (!confirmed) return
    remove.mutate(packet.id, { onSuccess: () => notifySuccess('signing.packet.deleted'), onError: notifyError })
  }

  const details: string[] = []
  if (packet.sentAt) details.push(t('signing.packet.sentAt', { time: when(packet.sentAt) }))
  if (packet.completedAt) details.push(t('signing.packet.completedAt', { time: when(packet.completedAt) }))
  else if (packet.status === 'sent' && packet.expiresAt) details.push(t('signing.packet.expiresAt', { time: when(packet.expiresAt) }))
  else if (packet.status === 'expired' && packet.expiresAt) details.push(t('signing.packet.expiredAt', { time: when(packet.expiresAt) }))
  if (packet.createdByName) details.push(t('signing.packet.by', { name: packet.createdByName }))

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={titleId} data-packet-id={packet.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={4}>
            <Title order={headingOrder} size="h4" id={titleId}>
              {packet.title}
            </Title>
            {details.length > 0 && (
              <Text size="sm" c="gray.8">
                {details.join(' · ')}
              </Text>
            )}
          </Stack>
          <PacketStatusBadge packet={packet} />
        </Group>

        {packet.status === 'voided' && packet.voidReason && (
          <Text size="sm">{t('signing.packet.voidedBecause', { reason: packet.voidReason })}</Text>
        )}
        {packet.status === 'completing' && (
          <Text size="sm" role="status">
            {packet.sealWaiting ? t('signing.packet.sealWaiting', { time: when(packet.sealWaiting.since) }) : t('signing.packet.finishing')}
          </Text>
        )}
        <RemovedFromDocuments documents={packet.documents} />
        {packet.status !== 'draft' && packet.order === 'sequential' && (
          <Text size="sm" c="gray.8">
            {t('signing.packet.inOrder')}
          </Text>
        )}

        {packet.signers.length > 0 ? (
          <DataTable
            minWidth={420}
            verticalSpacing={6}
            aria-label={t('signing.packet.signersOf', { title: packet.title })}
            columns={['signer', 'role', 'status'].map((column) => t(`signing.packet.${column}`))}
            items={[...packet.signers].sort((a, b) => a.position - b.position)}
            row={(signer) => {
              const state = signerState(signer, packet)
              return (
                <Table.Tr key={signer.id} data-signer-id={signer.id}>
                  <Table.Th scope="row" fw={500}>
                    <Text size="sm" fw={600}>
                      {signer.name}
                    </Text>
                    <Text size="xs" c="gray.8">
                      {signer.email}
                    </Text>
                  </Table.Th>
                  <Table.Td>{t(`signing.role.${signer.role}`)}</Table.Td>
                  <Table.Td data-signer-state={state.key}>
                    {state.key === 'signed' && state.at
                      ? t('signing.signerStatus.signedAt', { time: when(state.at) })
                      : state.key === 'declined'
                        ? state.reason
                          ? t('signing.signerStatus.declinedBecause', { reason: state.reason })
                          : t('signing.signerStatus.declined')
                        : t(`signing.signerStatus.${state.key}`)}
                  </Table.Td>
                </Table.Tr>
              )
            }}
          />
        ) : (
          <Text size="sm" c="gray.8">
            {t('signing.packet.noSigners')}
          </Text>
        )}

        <Group gap="sm">
          {can('send') && packet.status === 'draft' && onEdit && (
            <Button size="sm" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => onEdit(packet)}>
              {t('signing.packet.placeFields')}
            </Button>
          )}
          {can('download') && (
            <Button size="sm" leftSection={<IconDownload size={16} aria-hidden />} loading={busy === 'download'} onClick={() => run('download', () => downloadSignedPdf(packet))} aria-label={t('signing.packet.downloadLabel', { title: packet.title })}>
              {t('signing.downloadSigned')}
            </Button>
          )}
          {can('remind') && (
            <Button size="sm" variant="default" leftSection={<IconBell size={16} aria-hidden />} loading={remind.isPending} onClick={sendReminder}>
              {t('signing.packet.remind')}
            </Button>
          )}
          {can('void') && (
            <Button size="sm" variant="default" color="red.8" leftSection={<IconBan size={16} aria-hidden />} onClick={() => setVoiding(true)}>
              {t('signing.packet.void')}
            </Button>
          )}
          {can('delete') && (
            <Button size="sm" variant="default" color="red.8" leftSection={<IconTrash size={16} aria-hidden />} loading={remove.isPending} onClick={() => void deleteDraft()}>
              {t('signing.packet.delete')}
            </Button>
          )}
        </Group>
      </Stack>
      <VoidPacketDialog packet={packet} opened={voiding} onClose={() => setVoiding(false)} />
    </Paper>
  )
}

/** What was taken out of each uploaded file before it went into the packet (issue #32), so the sender knows what the signers will not get. */
function RemovedFromDocuments({ documents }: { documents: PacketView['documents'] }) {
  const { t } = useTranslation()
  const cleaned = documents.filter((document) => (document.removed?.length ?? 0) > 0)
  if (cleaned.length === 0) return null
  return (
    <Alert color="blue" variant="light" title={t('signing.removed.title')} data-testid="packet-removed">
      <Stack gap={4}>
        {cleaned.map((document) => (
          <Text size="sm" key={document.sha256}>
            {t('signing.removed.document', { filename: document.filename, items: (document.removed ?? []).map((kind) => t(`signing.removed.kind.${kind}`)).join('; ') })}
          </Text>
        ))}
      </Stack>
    </Alert>
  )
}

/** Voiding stops every signer's link; the reason is emailed to the signers and kept in the audit trail. */
function VoidPacketDialog({ packet, opened, onClose }: { packet: PacketView; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const voidPacket = useVoidPacket(packet.offerId)
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<Message | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const close = () => {
    if (voidPacket.isPending) return
    setReason('')
    setProblem(null)
    setFailure(null)
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (voidPacket.isPending) return
    const parsed = ReasonSchema.safeParse({ reason })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      setProblem(issue ? issueMessage(issue) : null)
      return
    }
    voidPacket.mutate(
      { packetId: packet.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          notifySuccess('signing.packet.voided')
          setReason('')
          onClose()
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    )
  }

  return (
    <Modal opened={opened} onClose={close} title={t('signing.void.title')} closeButtonProps={{ 'aria-label': t('signing.close') }} styles={{ title: { fontWeight: 700 } }}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{t('signing.void.message', { title: packet.title })}</Text>
          <Textarea
            label={t('signing.void.reason')}
            required

            rows={3}
            maxLength={SIGNING_LIMITS.maxReason}
            value={reason}
            error={translateOptional(problem)}
            onChange={(event) => {
              setReason(event.currentTarget.value)
              setProblem(null)
              setFailure(null)
            }}
            data-autofocus
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <DialogActions cancel={t('signing.cancel')} onCancel={close} confirm={t('signing.void.confirm')} color="red.8" loading={voidPacket.isPending} holdCancel />
        </Stack>
      </form>
    </Modal>
  )
}
