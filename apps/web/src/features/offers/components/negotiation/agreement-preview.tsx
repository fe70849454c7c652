import { useEffect, useState } from 'react'
import { Alert, Button, Group, Modal, Stack } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import { fetchApiFile, saveBlob } from '../../../../shared/download-file'
import { notifyError } from '../../../../shared/notify'
import { getAccessToken } from '../../../../shared/session'
import { offerAgreementPath } from '../../api/offers'

type Shown = { url: string; blob: Blob; filename: string }

/** Whether the browser shows a PDF in a page (most phones do not); a browser that does not say is taken to. */
const showsPdf = () => (navigator as Navigator & { pdfViewerEnabled?: boolean }).pdfViewerEnabled !== false

/**
 * 'Agreement' beside a version: fetches that version's purchase and sale agreement (the PDF 'Send for
 * signature' would send for it) with the session, and shows it in a dialog with the browser's PDF
 * viewer, with a button to download it; a browser with no PDF viewer is told to download it.
 * Without a version it is the draft's agreement as saved: `beforeOpen` saves what is typed first.
 */
export function AgreementPreview({ offerId, version, beforeOpen }: { offerId: string; version?: number; beforeOpen?: () => Promise<unknown> }) {
  const { t } = useTranslation()
  const [loading, setLoading] = useState(false)
  const [shown, setShown] = useState<Shown | null>(null)

  useEffect(() => () => (shown ? URL.revokeObjectURL(shown.url) : undefined), [shown])

  const open = async () => {
    setLoading(true)
    try {
      await beforeOpen?.()
      const session = getAccessToken()
      const file = await fetchApiFile(offerAgreementPath(offerId, version), {
        headers: session ? { Authorization: `Bearer ${session}` } : {},
        fallbackName: version === undefined ? 'Purchase-and-Sale-Agreement-draft.pdf' : `Purchase-and-Sale-Agreement-v${version}.pdf`,
      })
      setShown({ ...file, url: URL.createObjectURL(file.blob) })
    } catch (error) {
      notifyError(error)
    } finally {
      setLoading(false)
    }
  }

  const draft = version === undefined
  const title = draft ? t('negotiation.agreement.draftTitle') : t('negotiation.agreement.title', { number: version })
  return (
    <>
      {draft ? (
        <Button variant="default" loading={loading} onClick={() => void open()}>
          {t('negotiation.agreement.preview')}
        </Button>
      ) : (
        <Button variant="subtle" size="compact-sm" loading={loading} onClick={() => void open()} aria-label={t('negotiation.agreement.open', { number: version })}>
          {t('negotiation.agreement.button')}
        </Button>
      )}
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={title} size="xl" closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
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
              <Button onClick={() => setShown(null)}>{t('negotiation.agreement.close')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  )
}
