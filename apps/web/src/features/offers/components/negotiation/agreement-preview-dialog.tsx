import { Alert, Button, Group, Modal, Stack } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import { saveBlob } from '../../../../shared/download-file'

export type ShownAgreement = { url: string; blob: Blob; filename: string }

export type AgreementPreviewDialogProps = { shown: ShownAgreement | null; title: string; onClose: () => void }

/** Whether the browser shows a PDF in a page (most phones do not); a browser that does not say is taken to. */
const showsPdf = () => (navigator as Navigator & { pdfViewerEnabled?: boolean }).pdfViewerEnabled !== false

/** The agreement AgreementPreview fetched, in the browser's PDF viewer, with its download; a chunk of its own. */
export function AgreementPreviewDialog({ shown, title, onClose }: AgreementPreviewDialogProps) {
  const { t } = useTranslation()
  return (
    <Modal opened={shown !== null} onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      {shown && (
        <Stack gap="sm">
          {showsPdf() ? (
            <iframe src={shown.url} title={title} style={{ width: '100%', height: '70vh', border: 0 }} />
          ) : (
            <Alert color="blue">{t('negotiation.agreement.noViewer')}</Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => saveBlob(shown.blob, shown.filename)}>
              {t('negotiation.agreement.download')}
            </Button>
            <Button onClick={onClose}>{t('negotiation.agreement.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
