import { useEffect, useMemo, useState } from 'react'
import type { DragEvent } from 'react'
import { Alert, Box, Button, Divider, Grid, Group, List, Loader, NativeSelect, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core'
import { useElementSize, useId } from '@mantine/hooks'
import { IconTrash } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { Message } from '@offerbook/domain/messages'
import type { PacketView, SignerInput, SigningFieldType } from '@offerbook/domain/signing'
import { SendFormPacketSchema, SIGNING_FIELD_TYPES } from '@offerbook/domain/signing'
import { fieldProblems, signerKeyOf, signerProblems } from '@offerbook/domain/signing-rules'
import { errorText, translate, translateOptional } from '../../../shared/i18n/messages'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { useDialog } from '../../../shared/ui/app-dialog'
import { PdfPage, usePdfDocument } from '../../../shared/ui/pdf-page'
import { authHeaders, packetOriginalUrl, useDeletePacket, useSendFormPacket } from '../api/signing'
import { fractionIn, overlappingPairs } from './field-geometry'
import type { DragData, PlacedField } from './field-placement'
import { DRAG_TYPE, formPacketBody, initialState, percent } from './field-placement'
import { signerColor } from './signer-colors'
import type { Problems, SendOptions, SignerDraft } from './signing-form'
import { addProblems, DEFAULT_SEND_OPTIONS, messageOf, serverProblems, withoutProblems, zodProblems } from './signing-form'
import { SendOptionsFields, SignerListEditor } from './signer-list-editor'
import { useFieldPlacement } from './use-field-placement'

export type FieldPlacementEditorProps = {
  packet: PacketView
  suggestedSigners: readonly SignerInput[]
  /** The draft was sent or deleted. */
  onDone: () => void
  /** Whether fields have been placed that only this editor holds (nothing saves them before Send). */
  onDirtyChange?: (dirty: boolean) => void
}

/**
 * A form document's preparation: its signers, and each signer's fields dragged onto the pages of the
 * PDF (or placed from the keyboard), stored as fractions of the page so they land the same on the
 * server's page of any size.
 */
export function FieldPlacementEditor({ packet, suggestedSigners, onDone, onDirtyChange }: FieldPlacementEditorProps) {
  const { t } = useTranslation()
  const dialog = useDialog()
  const hintId = useId()
  const fieldHintId = useId()
  const [initial] = useState(() => initialState(packet, suggestedSigners))
  const [signers, setSigners] = useState<SignerDraft[]>(initial.signers)
  const [options, setOptions] = useState<SendOptions>(DEFAULT_SEND_OPTIONS)
  // The name the signers and the record read; it starts as the uploaded file's name.
  const [title, setTitle] = useState(packet.title)
  const [activeSigner, setActiveSigner] = useState<string>(initial.signers[0]?.key ?? '')
  const [targetPage, setTargetPage] = useState(0)
  const [problems, setProblems] = useState<Problems>({})
  /** 'fixProblems': the form's own checks failed, their messages are on the fields. */
  const [failure, setFailure] = useState<Message | 'fixProblems' | null>(null)
  const send = useSendFormPacket(packet.offerId, packet.id)
  const remove = useDeletePacket(packet.offerId)
  const { ref: pagesRef, width: pagesWidth } = useElementSize()
  const pageWidth = Math.round(Math.min(816, Math.max(280, pagesWidth || 640)))
  const headers = useMemo(() => ({ headers: authHeaders() }), [])
  const pdf = usePdfDocument(packetOriginalUrl(packet.id), headers)

  const pageCount = packet.pages.length
  const signerIndex = (key: string) => signers.findIndex((signer) => signer.key === key)
  const signerName = (key: string) => {
    const index = signerIndex(key)
    const signer = signers[index]
    return signer?.name.trim() || t('signing.signers.legend', { number: index + 1 })
  }
  const typeName = (type: SigningFieldType) => t(`signing.fieldType.${type}`)
  const fieldLabel = (field: PlacedField) => t('signing.editor.fieldLabel', { type: typeName(field.type), name: signerName(field.signer), page: field.page + 1 })
  const active = signers.some((signer) => signer.key === activeSigner) ? activeSigner : (signers[0]?.key ?? '')

  const touched = () => {
    setFailure(null)
    setProblems((current) => withoutProblems(current, 'fields'))
  }

  const { fields, setFields, announcement, fieldRefs, addField, removeField, onFieldKey, onDrop } = useFieldPlacement({
    initial: initial.fields,
    active,
    fieldLabel,
    onChange: touched,
    onPlaced: (signerKey) => setProblems((current) => withoutProblems(current, `signers.${signerIndex(signerKey)}`)),
    onTooMany: () => setFailure({ key: 'signing.tooManyFields' }),
  })

  const dirty = fields.length > 0
  useEffect(() => {
    onDirtyChange?.(dirty)
  }, [dirty, onDirtyChange])

  const changeSigners = (next: SignerDraft[], path: string) => {
    const kept = new Set(next.map((signer) => signer.key))
    setSigners(next)
    // A removed signer's fields go with them.
    setFields((current) => current.filter((field) => kept.has(field.signer)))
    setFailure(null)
    setProblems((current) => (path === 'signers' ? withoutProblems(withoutProblems(current, 'signers'), 'fields') : withoutProblems(current, path)))
  }

  const submit = () => {
    if (send.isPending) return
    const body = formPacketBody(signers, fields, options, title)
    const parsed = SendFormPacketSchema.safeParse(body)
    const found = addProblems({}, zodProblems(parsed.error))
    addProblems(found, signerProblems(body.signers, { requireSmsCode: options.requireSmsCode }))
    const signerKeys = signers.map((_, index) => signerKeyOf(index))
    addProblems(found, fieldProblems(parsed.success ? parsed.data.fields : body.fields, { pageCount, signerKeys }))
    setProblems(found)
    if (!parsed.success || Object.keys(found).length > 0) {
      setFailure('fixProblems')
      return
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess('signing.editor.sent')
        onDone()
      },
      onError: (error) => {
        setProblems(serverProblems(error))
        setFailure(messageOf(error))
      },
    })
  }

  const deleteDraft = async () => {
    const confirmed = await dialog.confirm({ title: t('signing.packet.deleteTitle'), message: t('signing.packet.deleteMessage', { title: packet.title }), confirmLabel: t('signing.packet.deleteConfirm') })
    if (!confirmed) return
    remove.mutate(packet.id, {
      onSuccess: () => {
        notifySuccess('signing.packet.deleted')
        onDone()
      },
      onError: notifyError,
    })
  }

  const fieldProblemsOf = (index: number) =>
    Object.entries(problems)
      .filter(([path]) => path === `fields.${index}` || path.startsWith(`fields.${index}.`))
      .map(([, message]) => translate(message))
  const otherFieldProblem = translateOptional(problems.fields)
  const overlaps = overlappingPairs(fields)
  const pageOptions = packet.pages.map((_, index) => ({ value: String(index), label: t('signing.editor.pageN', { number: index + 1, count: pageCount }) }))
  const signerOptions = signers.map((signer, index) => ({ value: signer.key, label: signer.name.trim() || t('signing.signers.legend', { number: index + 1 }) }))

  return (
    <Stack gap="md">
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Text size="sm">{t('signing.editor.intro')}</Text>
      <TextInput
        label={t('signing.editor.documentName')}
        description={t('signing.editor.documentNameHint')}
        value={title}
        maxLength={200}
        required
        error={problems.title ? translate(problems.title) : undefined}
        onChange={(event) => {
          setTitle(event.currentTarget.value)
          setFailure(null)
          setProblems((current) => withoutProblems(current, 'title'))
        }}
        maw={520}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Title order={3} size="h4">
              {t('signing.signers.title')}
            </Title>
            <SignerListEditor signers={signers} onChange={changeSigners} problems={problems} sequential={options.order === 'sequential'} requireSmsCode={options.requireSmsCode} showColors />
            <Divider />
            <SendOptionsFields
              value={options}
              problems={problems}
              onChange={(next, path) => {
                setOptions(next)
                setFailure(null)
                setProblems((current) => withoutProblems(current, path))
              }}
            />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Paper withBorder p="sm" style={{ position: 'sticky', top: 0, zIndex: 2 }} role="group" aria-label={t('signing.editor.palette')}>
              <Stack gap="xs">
                <Group gap="sm" align="flex-end" wrap="wrap">
                  <NativeSelect label={t('signing.editor.fieldsFor')} data={signerOptions} value={active} onChange={(event) => setActiveSigner(event.currentTarget.value)} w={220} />
                  <NativeSelect label={t('signing.editor.placeOnPage')} data={pageOptions} value={String(targetPage)} onChange={(event) => setTargetPage(Number(event.currentTarget.value))} w={180} />
                </Group>
                <Text size="xs" c="gray.8" id={hintId}>
                  {t('signing.editor.paletteHint')}
                </Text>
                <Group gap="xs" wrap="wrap">
                  {SIGNING_FIELD_TYPES.map((type) => {
                    const color = signerColor(Math.max(0, signerIndex(active)))
                    return (
                      <Button
                        key={type}
                        size="sm"
                        variant="default"
                        draggable
                        disabled={!active}
                        aria-describedby={hintId}
                        style={{ borderLeft: `4px solid ${color.border}`, cursor: 'grab' }}
                        onDragStart={(event: DragEvent<HTMLButtonElement>) => {
                          event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ kind: 'new', type } satisfies DragData))
                          event.dataTransfer.effectAllowed = 'copy'
                        }}
                        onClick={() => addField(type, targetPage, 0.5, 0.5)}
                      >
                        {typeName(type)}
                      </Button>
                    )
                  })}
                </Group>
              </Stack>
            </Paper>

            {pdf.error && (
              <Alert color="red" role="alert" title={t('signing.editor.previewFailed')}>
                {errorText(pdf.error)}
              </Alert>
            )}

            <Stack gap="lg" ref={pagesRef} align="center">
              {packet.pages.map((size, page) => {
                const overlay = (
                  <div
                    data-testid={`page-overlay-${page}`}
                    style={{ position: 'absolute', inset: 0 }}
                    onDragOver={(event) => {
                      if ([...event.dataTransfer.types].includes(DRAG_TYPE)) event.preventDefault()
                    }}
                    onDrop={(event) => onDrop(event, page)}
                  >
                    {fields
                      .filter((field) => field.page === page)
                      .map((field) => {
                        const color = signerColor(Math.max(0, signerIndex(field.signer)))
                        return (
                          <div
                            key={field.id}
                            ref={(element) => {
                              if (element) fieldRefs.current.set(field.id, element)
                              else fieldRefs.current.delete(field.id)
                            }}
                            role="button"
                            tabIndex={0}
                            aria-label={fieldLabel(field)}
                            aria-describedby={fieldHintId}
                            data-field-id={field.id}
                            draggable
                            onDragStart={(event) => {
                              const { fx, fy } = fractionIn(event.currentTarget.parentElement?.getBoundingClientRect() ?? { left: 0, top: 0, width: 1, height: 1 }, event.clientX, event.clientY)
                              event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ kind: 'move', id: field.id, dx: fx - field.x, dy: fy - field.y } satisfies DragData))
                              event.dataTransfer.effectAllowed = 'move'
                            }}
                            onKeyDown={(event) => onFieldKey(event, field)}
                            style={{
                              position: 'absolute',
                              left: percent(field.x),
                              top: percent(field.y),
                              width: percent(field.width),
                              height: percent(field.height),
                              border: `2px solid ${color.border}`,
                              background: color.background,
                              color: 'var(--mantine-color-gray-9)',
                              borderRadius: 3,
                              fontSize: 11,
                              lineHeight: 1.1,
                              overflow: 'hidden',
                              whiteSpace: 'nowrap',
                              textOverflow: 'ellipsis',
                              padding: '1px 3px',
                              cursor: 'move',
                              boxSizing: 'border-box',
                            }}
                          >
                            {typeName(field.type)} · {signerName(field.signer)}
                          </div>
                        )
                      })}
                  </div>
                )
                const label = t('signing.editor.pageN', { number: page + 1, count: pageCount })
                return (
                  <Box key={page} style={{ boxShadow: 'var(--mantine-shadow-sm)', border: '1px solid var(--mantine-color-gray-4)' }} data-page={page}>
                    {pdf.doc ? (
                      <PdfPage doc={pdf.doc} pageIndex={page} width={pageWidth} label={label}>
                        {overlay}
                      </PdfPage>
                    ) : (
                      <div style={{ position: 'relative', width: pageWidth, height: size.width > 0 ? (pageWidth * size.height) / size.width : pageWidth * (11 / 8.5), background: 'white' }}>
                        {/* The page's name sits on an empty box of its own: an image may not hold the fields' buttons. */}
                        <div role="img" aria-label={label} style={{ position: 'absolute', inset: 0 }} />
                        {pdf.loading && (
                          <Group gap="xs" p="sm">
                            <Loader size="xs" aria-hidden />
                            <Text size="sm">{t('signing.editor.loadingPreview')}</Text>
                          </Group>
                        )}
                        {overlay}
                      </div>
                    )}
                  </Box>
                )
              })}
            </Stack>
            <Text size="xs" c="gray.8" id={fieldHintId}>
              {t('signing.editor.fieldHint')}
            </Text>

            <Stack gap={4}>
              <Title order={3} size="h5">
                {t('signing.editor.placedTitle', { count: fields.length })}
              </Title>
              {fields.length === 0 ? (
                <Text size="sm" c="gray.8">
                  {t('signing.editor.noFields')}
                </Text>
              ) : (
                <List listStyleType="none" spacing={4}>
                  {fields.map((field, index) => {
                    const messages = fieldProblemsOf(index)
                    return (
                      <List.Item key={field.id}>
                        <Group gap="xs" wrap="nowrap">
                          <Box component="span" aria-hidden w={10} h={10} style={{ borderRadius: 5, background: signerColor(Math.max(0, signerIndex(field.signer))).border, flex: 'none' }} />
                          <Text size="sm">{fieldLabel(field)}</Text>
                          <Button size="compact-xs" variant="subtle" color="red" c="red.9" leftSection={<IconTrash size={12} aria-hidden />} aria-label={t('signing.editor.removeField', { field: fieldLabel(field) })} onClick={() => removeField(field.id)}>
                            {t('signing.signers.remove')}
                          </Button>
                        </Group>
                        {messages.map((message) => (
                          <Text key={message} size="sm" c="red.8">
                            {message}
                          </Text>
                        ))}
                      </List.Item>
                    )
                  })}
                </List>
              )}
              {otherFieldProblem && (
                <Text size="sm" c="red.8" role="alert">
                  {otherFieldProblem}
                </Text>
              )}
              {overlaps.length > 0 && (
                <Alert color="yellow" title={t('signing.editor.overlapTitle')} data-testid="fields-overlap">
                  <List size="sm" spacing={2}>
                    {overlaps.map(([first, second]) => (
                      <List.Item key={`${first.id}-${second.id}`}>{t('signing.editor.overlap', { first: fieldLabel(first), second: fieldLabel(second) })}</List.Item>
                    ))}
                  </List>
                </Alert>
              )}
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>

      {failure && (
        <Alert color="red" role="alert">
          {failure === 'fixProblems' ? t('signing.send.fixProblems') : translate(failure)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" color="red.8" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void deleteDraft()} loading={remove.isPending} disabled={send.isPending}>
          {t('signing.packet.delete')}
        </Button>
        <Button onClick={submit} loading={send.isPending}>
          {t('signing.editor.send')}
        </Button>
      </Group>
    </Stack>
  )
}
