import { useState } from 'react'
import { Alert, Button, FileButton, Progress, Stack, Text } from '@mantine/core'
import { IconFileUpload } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { Message } from '@offerbook/domain/messages'
import type { PacketView } from '@offerbook/domain/signing'
import { SIGNING_LIMITS } from '@offerbook/domain/signing'
import { translate } from '../../../shared/i18n/messages'
import { useUploadFormDocument } from '../api/signing'
import { messageOf } from './signing-form'

export function isPdfFile(file: File): boolean {
  return file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf')
}

/** What is wrong with a file before it goes up: not a PDF, or over the 25 MB the API takes. */
export function pdfFileProblem(file: File): Message | null {
  if (!isPdfFile(file)) return { key: 'signing.notPdf' }
  if (file.size > SIGNING_LIMITS.documentMaxBytes) return { key: 'signing.fileTooLarge' }
  return null
}

/** 'Upload a form to sign': one PDF becomes a draft packet, which then opens in the field placement editor. */
export function UploadFormButton({ offerId, onUploaded }: { offerId: string; onUploaded: (packet: PacketView) => void }) {
  const { t } = useTranslation()
  const upload = useUploadFormDocument(offerId)
  const [problem, setProblem] = useState<Message | null>(null)
  const [name, setName] = useState('')

  const pick = (file: File | null) => {
    if (!file || upload.isPending) return
    setName(file.name)
    const local = pdfFileProblem(file)
    if (local) {
      setProblem(local)
      return
    }
    setProblem(null)
    upload.mutate(file, { onSuccess: onUploaded, onError: (error) => setProblem(messageOf(error)) })
  }

  return (
    <Stack gap="xs" align="flex-start">
      <FileButton onChange={pick} accept="application/pdf,.pdf">
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconFileUpload size={16} aria-hidden />} loading={upload.isPending}>
            {t('signing.upload.button')}
          </Button>
        )}
      </FileButton>
      {upload.isPending && (
        <Stack gap={4} w="100%" maw={360} role="status">
          <Text size="sm">{t('signing.upload.uploading', { name })}</Text>
          {/* fetch reports no upload progress, so the bar shows that work goes on rather than how much. */}
          <Progress value={100} striped animated aria-label={t('signing.upload.progress')} />
        </Stack>
      )}
      {problem && (
        <Alert color="red" role="alert" title={t('signing.upload.failed', { name })}>
          {translate(problem)}
        </Alert>
      )}
    </Stack>
  )
}
