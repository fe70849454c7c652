import type { DragEvent } from 'react'
import { useRef, useState } from 'react'
import { Alert, Box, Button, Group, Loader, Select, Stack, Text } from '@mantine/core'
import { IconFileUpload } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { FileDocumentKind, FileSide } from '@offerbook/domain/file-checklist'
import type { Message } from '@offerbook/domain/messages'
import type { OfferView } from '@offerbook/domain/offer'
import { ApiClientError } from '../../../../shared/api-client'
import { errorText, translate } from '../../../../shared/i18n/messages'
import { notifySuccess } from '../../../../shared/notify'
import type { FileSlotView, TransactionFileView } from '../../../../shared/transaction-file'
import { currentDocuments, slotState } from '../../../../shared/transaction-file'
import { FileFindings } from '../../../../shared/ui/file-findings'
import { FileSlots } from '../../../../shared/ui/file-slots'
import { useOfferFile, useUploadFileDocument } from '../../api/file'
import { DetailsSection } from '../details/term-list'

const ACCEPTED_TYPES = ['application/pdf', 'image/png', 'image/jpeg']
const ACCEPT = 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg'

function acceptedFile(file: File): boolean {
  return ACCEPTED_TYPES.includes(file.type) || /\.(pdf|png|jpe?g)$/i.test(file.name)
}

const textParam = (params: Readonly<Record<string, string | number>> | undefined, names: readonly string[]) => {
  for (const name of names) {
    const value = params?.[name]
    if (value !== undefined && value !== '') return String(value)
  }
  return null
}

/** What a refused upload says; a duplicate names the document already in the file and its slot. */
function uploadProblem(error: unknown, file: TransactionFileView, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (error instanceof ApiClientError && error.status === 409 && [error.detail.key as string, error.code].includes('file.duplicate')) {
    const params = error.detail.params
    const name = textParam(params, ['filename'])
    const slotKey = textParam(params, ['slot', 'slotKey'])
    const slot = slotKey ? file.slots.find((each) => each.key === slotKey) : undefined
    const slotName = slot ? translate(slot.title as Message) : slotKey
    if (name && slotName) return t('offerFile.duplicate', { name, slot: slotName })
    if (name) return t('offerFile.duplicateNamed', { name })
    return t('offerFile.duplicateUnnamed')
  }
  return errorText(error)
}

/** One slot's upload: a file input (a button) and a drop zone, the kind when the slot takes more than one. */
function SlotUpload({ file, slot }: { file: TransactionFileView; slot: FileSlotView }) {
  const { t } = useTranslation()
  const upload = useUploadFileDocument(file.offerId, file.side)
  const inputRef = useRef<HTMLInputElement>(null)
  const [kind, setKind] = useState<FileDocumentKind>(slot.accepts[0] ?? (slot.kind as FileDocumentKind))
  const [dragging, setDragging] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const state = slotState(slot)
  const replacing = state === 'returned'
  const title = translate(slot.title as Message)

  const send = (chosen: File | undefined) => {
    if (!chosen || upload.isPending) return
    if (!acceptedFile(chosen)) {
      setProblem(t('offerFile.wrongType', { name: chosen.name }))
      return
    }
    setProblem(null)
    upload.mutate(
      { slotKey: slot.key, kind, file: chosen },
      {
        onSuccess: () => notifySuccess(t(replacing ? 'offerFile.replaced' : 'offerFile.uploaded', { name: chosen.name, slot: title })),
        onError: (error) => setProblem(uploadProblem(error, file, t)),
      },
    )
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    send(event.dataTransfer.files[0])
  }

  return (
    <Stack gap="xs">
      <Box
        p="sm"
        onDragOver={(event: DragEvent<HTMLDivElement>) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid={`file-drop-${slot.key}`}
        style={{ border: '2px dashed var(--mantine-color-gray-5)', borderRadius: 8, borderColor: dragging ? 'var(--mantine-color-blue-7)' : undefined, background: dragging ? 'var(--mantine-color-blue-0)' : undefined }}
      >
        <Group gap="sm" wrap="wrap" align="flex-end">
          {slot.accepts.length > 1 && (
            <Select
              label={t('offerFile.kind')}
              size="xs"
              data={slot.accepts.map((each) => ({ value: each, label: t(`offerFile.kinds.${each}`) }))}
              value={kind}
              onChange={(value) => value && setKind(value as FileDocumentKind)}
              allowDeselect={false}
            />
          )}
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid={`file-input-${slot.key}`}
            aria-label={t(replacing ? 'offerFile.replaceNamed' : 'offerFile.uploadNamed', { slot: title })}
            onChange={(event) => {
              send(event.currentTarget.files?.[0])
              // The same file chosen again is sent again.
              event.currentTarget.value = ''
            }}
          />
          <Button
            size="xs"
            variant={replacing ? 'filled' : 'light'}
            leftSection={<IconFileUpload size={14} aria-hidden />}
            loading={upload.isPending}
            onClick={() => inputRef.current?.click()}
            aria-label={t(replacing ? 'offerFile.replaceNamed' : 'offerFile.uploadNamed', { slot: title })}
          >
            {t(replacing ? 'offerFile.replace' : 'offerFile.upload')}
          </Button>
          <Text size="xs" c="gray.8">
            {t('offerFile.dropHint')}
          </Text>
        </Group>
      </Box>
      {problem && (
        <Alert color="red" role="alert" data-testid={`file-upload-problem-${slot.key}`}>
          {problem}
        </Alert>
      )}
    </Stack>
  )
}

/**
 * The File section of a contract's offer page (issue #35): the checklist of the viewer's side's
 * brokerage file with each slot's state, an upload into each slot still to fill, and a returned
 * document's note from the broker with Replace. Hidden for a reader who keeps no file (the API's 404).
 */
export function OfferFileSection({ offer, headingOrder = 2 }: { offer: Pick<OfferView, 'id' | 'viewer' | 'status'>; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation()
  const side: FileSide = offer.viewer === 'seller' ? 'listing' : 'buyer'
  const enabled = offer.status === 'accepted' && offer.viewer !== 'link'
  const query = useOfferFile(offer.id, side, enabled)
  if (!enabled) return null
  if (query.isError && query.error instanceof ApiClientError && (query.error.status === 404 || query.error.status === 403)) return null

  let body: React.ReactNode
  if (query.isPending)
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('offerFile.loading')}</Text>
      </Group>
    )
  else if (query.isError)
    body = (
      <Alert color="red" variant="light" role="alert">
        {errorText(query.error)}
      </Alert>
    )
  else {
    const file = query.data
    const open = file.canUpload && !file.closedAt
    body = (
      <Stack gap="md" data-testid="offer-file">
        <Text size="sm" c="gray.8">
          {file.closedAt ? t('offerFile.closed') : t('offerFile.lead')}
        </Text>
        <FileFindings audit={file.audit} slots={file.slots} testId="offer-file-findings" />
        <FileSlots
          file={file}
          headingOrder={(headingOrder + 1) as 3 | 4}
          slotActions={(slot) => {
            if (!open) return null
            const state = slotState(slot)
            // A slot with a document waiting or approved takes no other; an empty or returned one does.
            return state === 'empty' || state === 'returned' || currentDocuments(slot).length === 0 ? <SlotUpload file={file} slot={slot} /> : null
          }}
        />
      </Stack>
    )
  }
  return (
    <DetailsSection title={t('offerFile.title')} headingOrder={headingOrder}>
      {body}
    </DetailsSection>
  )
}
