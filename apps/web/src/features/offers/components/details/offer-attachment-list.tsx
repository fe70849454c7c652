import { Badge, Box, Button, Group, Stack, Text } from '@mantine/core'
import { IconDownload, IconFileText } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OfferAttachment } from '@offerbook/domain/offer'
import { useBusyAction } from '../../../../shared/use-busy-action'
import { formatFileSize } from './offer-format'

export type AttachmentDownload = (attachment: OfferAttachment) => Promise<void>

/** An offer's files, each with its kind, size and a Download button. */
export function OfferAttachmentList({ attachments, onDownload }: { attachments: OfferAttachment[]; onDownload: AttachmentDownload }) {
  const { t, i18n } = useTranslation()
  const { busy, run } = useBusyAction()

  if (attachments.length === 0) return <Text c="dimmed">{t('offerView.attachments.none')}</Text>

  return (
    <Box component="ul" p={0} m={0} style={{ listStyle: 'none', display: 'grid', gap: 'var(--mantine-spacing-sm)' }} aria-label={t('offer.field.attachments')}>
      {attachments.map((attachment) => (
        <Box component="li" key={attachment.id}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <IconFileText size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Stack gap={0} miw={0}>
              <Text fw={600} truncate="end" title={attachment.filename}>
                {attachment.filename}
              </Text>
              <Group gap="xs">
                <Badge variant="outline" color="dark.7" tt="none" size="sm">
                  {t(`offer.attachmentKind.${attachment.kind}`)}
                </Badge>
                {typeof attachment.version === 'number' && (
                  <Badge variant="outline" color="gray.8" tt="none" size="sm">
                    {t('offerView.attachments.version', { number: attachment.version })}
                  </Badge>
                )}
                {attachment.superseded && (
                  <Badge variant="filled" color="dark.7" tt="none" size="sm" data-testid="attachment-superseded">
                    {t('offerView.attachments.superseded')}
                  </Badge>
                )}
                <Text size="sm" c="dimmed">
                  {formatFileSize(attachment.size, i18n.language)}
                </Text>
              </Group>
            </Stack>
          </Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={busy === attachment.id}
            onClick={() => run(attachment.id, () => onDownload(attachment))}
            aria-label={t('offerView.attachments.downloadLabel', { filename: attachment.filename })}
          >
            {t('offerView.attachments.download')}
          </Button>
          </Group>
        </Box>
      ))}
    </Box>
  )
}
