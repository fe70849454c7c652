import { useRef, useState } from 'react'
import { ActionIcon, Button, Card, FileButton, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconDownload, IconFileText, IconTrash, IconUpload } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OfferAttachment, OfferAttachmentKind } from '@offerbook/domain/offer'
import { OFFER_ATTACHMENT_CONTENT_TYPES, OFFER_LIMITS } from '@offerbook/domain/offer-values'
import { ApiClientError } from '../../../../shared/api-client'
import { notifyError } from '../../../../shared/notify'
import { useDialog } from '../../../../shared/ui/app-dialog'
import { deleteOfferAttachment, uploadOfferAttachment } from '../../api/offers'
import { downloadOfferAttachment } from '../details/download-attachment'
import { formatFileSize } from '../details/offer-format'
import { offerKeys } from '../../../../shared/query-keys'
import { useAttachmentsCache } from './attachments-cache'

type UploadKind = Exclude<OfferAttachmentKind, 'offer-form'>

/** A button that uploads one file of `kind` to the offer. */
export function UploadButton({ offerId, attachments, kind, label, disabled }: { offerId: string; attachments: readonly OfferAttachment[]; kind: UploadKind; label: string; disabled: boolean }) {
  const [busy, setBusy] = useState(false)
  const resetRef = useRef<() => void>(null)
  const updateCache = useAttachmentsCache(offerId)
  const full = attachments.length >= OFFER_LIMITS.maxAttachments

  const upload = async (file: File | null) => {
    if (!file) return
    setBusy(true)
    try {
      const attachment = await uploadOfferAttachment(offerId, file, kind)
      updateCache((list) => [...list, attachment])
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(false)
      resetRef.current?.()
    }
  }

  return (
    <FileButton onChange={(file) => void upload(file)} accept={OFFER_ATTACHMENT_CONTENT_TYPES.join(',')} resetRef={resetRef} disabled={disabled || busy || full} inputProps={{ 'aria-label': label }}>
      {(props) => (
        <Button {...props} variant="default" loading={busy} leftSection={<IconUpload size={16} aria-hidden />} disabled={disabled || full}>
          {label}
        </Button>
      )}
    </FileButton>
  )
}

/** The offer's files: each with its kind, size, a download and (while the offer can change) a remove button. */
export function AttachmentList({ offerId, attachments, kinds, editable, label }: { offerId: string; attachments: readonly OfferAttachment[]; kinds: readonly OfferAttachmentKind[]; editable: boolean; label: string }) {
  const { t, i18n } = useTranslation()
  const dialog = useDialog()
  const updateCache = useAttachmentsCache(offerId)
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState<string | null>(null)
  const items = attachments.filter((attachment) => kinds.includes(attachment.kind))

  if (items.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('offerEditor.attachments.none')}
      </Text>
    )
  }

  const remove = async (attachment: OfferAttachment) => {
    const sure = await dialog.confirm({
      title: t('offerEditor.attachments.removeTitle'),
      message: t('offerEditor.attachments.removeMessage', { name: attachment.filename }),
      confirmLabel: t('offerEditor.remove'),
    })
    if (!sure) return
    setBusy(attachment.id)
    try {
      await deleteOfferAttachment(offerId, attachment.id)
      updateCache((list) => list.filter((item) => item.id !== attachment.id))
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(null)
    }
  }

  const download = async (attachment: OfferAttachment) => {
    setBusy(attachment.id)
    try {
      await downloadOfferAttachment(offerId, attachment)
    } catch (error) {
      // Replaced (a form made again) or removed since the list was read: the list is read again.
      if (error instanceof ApiClientError && error.status === 404) void queryClient.invalidateQueries({ queryKey: offerKeys.one(offerId) })
      notifyError(error)
    } finally {
      setBusy(null)
    }
  }

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" role="list" aria-label={label}>
      {items.map((attachment) => (
        <Card key={attachment.id} withBorder padding="sm" role="listitem">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size="lg" aria-hidden>
              <IconFileText size={20} stroke={1.5} />
            </ThemeIcon>
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <Text fw={600} size="sm">
                {t(`offer.attachmentKind.${attachment.kind}`)}
              </Text>
              <Text size="sm" truncate="end" title={attachment.filename}>
                {attachment.filename}
              </Text>
              <Text size="xs" c="dimmed">
                {formatFileSize(attachment.size, i18n.language)}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs" mt="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void download(attachment)}
              loading={busy === attachment.id}
              aria-label={t('offerEditor.attachments.download', { name: attachment.filename })}
            >
              {t('offerEditor.attachments.downloadShort')}
            </Button>
            {editable && (
              <ActionIcon variant="subtle" color="red" onClick={() => void remove(attachment)} disabled={busy === attachment.id} aria-label={t('offerEditor.attachments.remove', { name: attachment.filename })}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  )
}
