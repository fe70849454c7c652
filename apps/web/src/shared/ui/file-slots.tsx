import type { ReactNode } from 'react'
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../i18n/translation'
import { formatDateTime } from '../format-date-time'
import { translate } from '../i18n/messages'
import { notifyError } from '../notify'
import type { FileDocumentReview } from '@offerbook/domain/transaction-file-view'
import type { Message } from '@offerbook/domain/messages'
import type { FileDocumentView, FileSlotView, SlotState, TransactionFileView } from '../transaction-file'
import { currentDocuments, downloadFileDocument, slotState } from '../transaction-file'
import { WARNING_FILL } from './warning-color'

/** White text on each fill at 4.5:1 or more (WCAG AA); the word says the state, the colour only repeats it. */
const SLOT_COLORS: Readonly<Record<SlotState, string>> = { empty: 'gray.8', pending: WARNING_FILL, returned: 'red.9', approved: 'green.9' }
const REVIEW_COLORS: Readonly<Record<FileDocumentReview, string>> = { pending: WARNING_FILL, returned: 'red.9', approved: 'green.9' }

function DocumentLine({ file, document, actions }: { file: TransactionFileView; document: FileDocumentView; actions: ReactNode }) {
  const { t, i18n } = useTranslation()
  const download = () => downloadFileDocument(file.offerId, file.side, document).catch(notifyError)
  return (
    <Stack component="li" gap={4} style={{ listStyle: 'none', overflowWrap: 'anywhere' }} data-testid={`file-document-${document.id}`} data-review={document.review}>
      <Group gap="xs" wrap="wrap">
        <Anchor component="button" type="button" size="sm" onClick={() => void download()} aria-label={t('transactionFile.download', { name: document.filename })}>
          {document.filename}
        </Anchor>
        <Badge color={REVIEW_COLORS[document.review]} variant="filled" tt="none" autoContrast>
          {t(`transactionFile.review.${document.review}`)}
        </Badge>
      </Group>
      <Text size="xs" c="gray.8">
        {t(`transactionFile.source.${document.source}`, { name: document.uploadedByName ?? t('transactionFile.someone'), date: formatDateTime(i18n.resolvedLanguage ?? i18n.language, document.uploadedAt) })}
      </Text>
      {document.review === 'returned' && document.reviewNote && (
        <Text size="sm" data-testid="file-document-note" style={{ whiteSpace: 'pre-wrap' }}>
          <Text span fw={600} size="sm">
            {t('transactionFile.brokerNote')}
          </Text>{' '}
          {document.reviewNote}
        </Text>
      )}
      {actions}
    </Stack>
  )
}

export type FileSlotsProps = {
  file: TransactionFileView
  headingOrder: 3 | 4 | 5
  /** What the reader may do with a document (the broker's Approve and Return). */
  documentActions?: (document: FileDocumentView, slot: FileSlotView) => ReactNode
  /** What the reader may do with a slot (the agent's upload, or Replace of a returned document). */
  slotActions?: (slot: FileSlotView) => ReactNode
}

/** The checklist of a file: each required document with why it is asked, its state, and the documents filed in it. */
export function FileSlots({ file, headingOrder, documentActions, slotActions }: FileSlotsProps) {
  const { t } = useTranslation()
  return (
    <Stack component="ul" gap="lg" p={0} m={0} aria-label={t('transactionFile.checklist')}>
      {file.slots.map((slot) => {
        const state = slotState(slot)
        const documents = currentDocuments(slot)
        return (
          <Stack component="li" key={slot.key} gap={6} style={{ listStyle: 'none' }} data-testid={`file-slot-${slot.key}`} data-state={state}>
            <Group gap="xs" wrap="wrap" justify="space-between">
              <Title order={headingOrder} size="h6" style={{ overflowWrap: 'anywhere' }}>
                {translate(slot.title as Message)}
              </Title>
              <Badge color={SLOT_COLORS[state]} variant="filled" tt="none" autoContrast data-state={state}>
                {t(`transactionFile.slotState.${state}`)}
              </Badge>
            </Group>
            <Text size="sm" c="gray.8">
              {translate(slot.why as Message)}
            </Text>
            {documents.length > 0 && (
              <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('transactionFile.documentsOf', { slot: translate(slot.title as Message) })}>
                {documents.map((document) => (
                  <DocumentLine key={document.id} file={file} document={document} actions={documentActions?.(document, slot)} />
                ))}
              </Stack>
            )}
            {slotActions?.(slot)}
          </Stack>
        )
      })}
    </Stack>
  )
}
