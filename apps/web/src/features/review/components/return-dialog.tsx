import { useState } from 'react'
import { Alert, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { FILE_REVIEW_NOTE_MAX, FileReviewSchema } from '@offerbook/domain/transaction-file-view'
import { errorText } from '../../../shared/i18n/messages'
import { notifySuccess } from '../../../shared/notify'
import type { FileDocumentView } from '../../../shared/transaction-file'
import { DialogActions } from '../../../shared/ui/dialog-actions'
import { useSchemaForm } from '../../../shared/use-schema-form'
import type { useReviewDocument } from '../api/review'


type ReturnDialogProps = {
  document: FileDocumentView | null
  review: ReturnType<typeof useReviewDocument>
  onClose: () => void
}

/** 'Return' a document to its agent with a note saying what to fix; the agent is told and the document comes back to the queue once replaced. */
export function ReturnDialog({ document, review, onClose }: ReturnDialogProps) {
  const { t } = useTranslation()
  return (
    <Modal opened={document !== null} onClose={() => !review.isPending && onClose()} title={t('review.return.title')} closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      {/* Mounted only while open, so each opening starts with an empty note. */}
      {document && <ReturnForm document={document} review={review} onClose={onClose} />}
    </Modal>
  )
}

function ReturnForm({ document, review, onClose }: { document: FileDocumentView; review: ReturnDialogProps['review']; onClose: () => void }) {
  const { t } = useTranslation()
  const form = useSchemaForm({ schema: FileReviewSchema, initialValues: { note: '' }, toInput: (values) => ({ decision: 'return', note: values.note }), fields: ['note'] })
  const [failure, setFailure] = useState<string | null>(null)

  const submit = form.onSubmit((body) => {
    setFailure(null)
    review.mutate(
      { documentId: document.id, body },
      {
        onSuccess: () => {
          notifySuccess(t('review.return.done', { name: document.filename }))
          onClose()
        },
        onError: (error) => {
          if (!form.serverErrors(error)) setFailure(errorText(error))
        },
      },
    )
  })

  return (
    <form onSubmit={submit} noValidate aria-label={t('review.return.title')}>
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('review.return.lead', { name: document.filename })}
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Textarea label={t('review.return.note')} description={t('review.return.noteHint', { maximum: FILE_REVIEW_NOTE_MAX })} required autosize minRows={3} maxLength={FILE_REVIEW_NOTE_MAX} data-autofocus {...form.field('note')} />
        <DialogActions cancel={t('inputs.dialog.cancel')} onCancel={onClose} confirm={t('review.return.confirm')} color="red.8" loading={review.isPending} holdCancel />
      </Stack>
    </form>
  )
}
