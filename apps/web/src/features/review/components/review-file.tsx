import { useState } from 'react'
import { Alert, Button, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { FileSide } from '@offerbook/domain/file-checklist'
import type { Message } from '@offerbook/domain/messages'
import type { FieldError } from '../../../shared/api-client'
import { ApiClientError } from '../../../shared/api-client'
import { formatDateTime } from '../../../shared/format-date-time'
import { errorText, translate } from '../../../shared/i18n/messages'
import { notifySuccess } from '../../../shared/notify'
import type { FileDocumentView, TransactionFileView } from '../../../shared/transaction-file'
import { currentDocuments } from '../../../shared/transaction-file'
import { FileFindings } from '../../../shared/ui/file-findings'
import { FileSlots } from '../../../shared/ui/file-slots'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { useCloseFile, useReviewDocument, useReviewFile } from '../api/review'
import { ReturnDialog } from './return-dialog'

/** One item of a refused close, in the reader's language; a slot it names is named by the slot's own title. */
function refusalText(problem: FieldError, file: TransactionFileView): string {
  const slot = file.slots.find((each) => each.key === problem.path) ?? file.slots.find((each) => each.documents.some((document) => document.id === problem.path))
  const params = problem.params
  if (!slot || !params || !('slot' in params)) return translate(problem)
  return translate({ key: problem.key, params: { ...params, slot: translate(slot.title as Message) } } as Message)
}

/** Why Close file is not yet allowed, in words; null when it is. */
function closeBlocker(file: TransactionFileView): 'closed' | 'findings' | 'notApproved' | 'notAllowed' | null {
  if (file.closedAt) return 'closed'
  if (!file.canClose && !file.canReview) return 'notAllowed'
  if (!file.audit.clean || file.audit.findings.length > 0) return 'findings'
  const documents = file.slots.flatMap(currentDocuments)
  if (documents.some((document) => document.review !== 'approved')) return 'notApproved'
  return file.canClose ? null : 'findings'
}

/**
 * One file as the broker reviews it (issue #35, decision 069): its audit, its checklist with each
 * document to approve or return with a note, and Close file, which waits for a clean audit.
 */
export function ReviewFile({ offerId, side, onBack }: { offerId: string; side: FileSide; onBack: () => void }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const query = useReviewFile(offerId, side)
  const review = useReviewDocument(offerId, side)
  const close = useCloseFile(offerId, side)
  const [returning, setReturning] = useState<FileDocumentView | null>(null)
  const [actionFailure, setActionFailure] = useState<unknown>(null)

  const header = (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Button variant="default" size="xs" onClick={onBack}>
        {t('review.backToQueue')}
      </Button>
    </Group>
  )

  if (query.isPending)
    return (
      <Stack gap="md">
        {header}
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('review.file.loading')}</Text>
        </Group>
      </Stack>
    )
  if (query.isError)
    return (
      <Stack gap="md">
        {header}
        <LoadFailedAlert title={t('review.file.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    )

  const file = query.data
  const blocker = closeBlocker(file)
  const approve = (document: FileDocumentView) =>
    review.mutate({ documentId: document.id, body: { decision: 'approve' } }, { onSuccess: () => notifySuccess(t('review.approved', { name: document.filename })), onError: (error) => setActionFailure(error) })
  const closeFile = () => {
    setActionFailure(null)
    close.mutate(undefined, { onSuccess: () => notifySuccess(t('review.file.closedDone')), onError: (error) => setActionFailure(error) })
  }
  const notClean = actionFailure instanceof ApiClientError && actionFailure.status === 409

  return (
    <Stack gap="lg" data-testid="review-file">
      {header}
      <Stack gap={4}>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {file.address}
        </Title>
        <Text size="sm">{t('review.file.agent', { name: file.agentName, side: t(`review.side.${file.side}`) })}</Text>
        {file.closedAt && (
          <Text size="sm" fw={600} data-testid="review-file-closed">
            {t('review.file.closedAt', { date: formatDateTime(language, file.closedAt) })}
          </Text>
        )}
      </Stack>

      <Paper withBorder p="md" component="section" aria-labelledby="review-audit-title">
        <Stack gap="sm">
          <Title order={3} size="h5" id="review-audit-title">
            {t('review.file.audit')}
          </Title>
          <FileFindings audit={file.audit} slots={file.slots} />
        </Stack>
      </Paper>

      {actionFailure !== null && (
        <Alert color="red" role="alert" title={notClean ? t('review.file.notCleanTitle') : undefined} data-testid="review-action-failed">
          <Stack gap="xs">
            <Text size="sm">{errorText(actionFailure)}</Text>
            {/* The refusal's own list: each finding and each document not approved, by where it is. */}
            {notClean && actionFailure.errors.length > 0 && (
              <List size="sm" spacing={4} data-testid="close-refused-list">
                {actionFailure.errors.map((problem, index) => (
                  <List.Item key={`${problem.path}-${index}`} style={{ overflowWrap: 'anywhere' }}>
                    {refusalText(problem, file)}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Alert>
      )}

      <Paper withBorder p="md" component="section" aria-labelledby="review-slots-title">
        <Stack gap="md">
          <Title order={3} size="h5" id="review-slots-title">
            {t('review.file.documents')}
          </Title>
          <FileSlots
            file={file}
            headingOrder={4}
            documentActions={(document) =>
              file.canReview && !file.closedAt ? (
                <Group gap="xs">
                  {document.review !== 'approved' && (
                    <Button size="xs" onClick={() => approve(document)} loading={review.isPending && review.variables?.documentId === document.id && review.variables.body.decision === 'approve'} aria-label={t('review.approveNamed', { name: document.filename })}>
                      {t('review.approve')}
                    </Button>
                  )}
                  {document.review !== 'returned' && (
                    <Button size="xs" variant="light" color="red" onClick={() => setReturning(document)} aria-label={t('review.returnNamed', { name: document.filename })}>
                      {t('review.returnDocument')}
                    </Button>
                  )}
                </Group>
              ) : null
            }
            slotActions={(slot) =>
              currentDocuments(slot).length === 0 ? (
                <Text size="sm" c="gray.8">
                  {t('review.file.slotEmpty')}
                </Text>
              ) : null
            }
          />
        </Stack>
      </Paper>

      {!file.closedAt && (file.canClose || file.canReview) && (
        <Stack gap={4} align="flex-start">
          <Button onClick={closeFile} disabled={blocker !== null} loading={close.isPending} aria-describedby={blocker ? 'review-close-reason' : undefined} data-testid="close-file">
            {t('review.file.close')}
          </Button>
          {blocker && (
            <Text size="sm" c="gray.8" id="review-close-reason" data-testid="close-file-reason">
              {t(`review.file.closeBlocked.${blocker}`)}
            </Text>
          )}
        </Stack>
      )}

      <ReturnDialog document={returning} review={review} onClose={() => setReturning(null)} />
    </Stack>
  )
}
