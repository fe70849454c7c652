import { useEffect, useMemo, useRef, useState } from 'react'
import type { DragEvent, KeyboardEvent } from 'react'
import { Alert, Box, Button, Divider, Grid, Group, List, Loader, NativeSelect, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { useElementSize, useId } from '@mantine/hooks'
import { IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { PacketView, SignerInput, SigningFieldType } from '@offerbook/domain/signing'
import { fieldProblems, SendFormPacketSchema, signerKeyOf, signerProblems, SIGNING_FIELD_TYPES, SIGNING_LIMITS, SIGNING_MESSAGES } from '@offerbook/domain/signing'
import { translateMessage } from '../../../shared/i18n/server-messages'
import { errorMessage, notifyError, notifySuccess } from '../../../shared/notify'
import { useDialog } from '../../../shared/ui/app-dialog'
import { PdfPage, usePdfDocument } from '../../../shared/ui/pdf-page'
import { authHeaders, packetOriginalUrl, useDeletePacket, useSendFormPacket } from '../api/signing'
import type { Box as FieldBox } from './field-geometry'
import { boxCentredAt, clampBox, fractionIn, NUDGE, NUDGE_BIG } from './field-geometry'
import { signerColor } from './signer-colors'
import type { Problems, SendOptions, SignerDraft } from './signing-form'
import { addProblems, DEFAULT_SEND_OPTIONS, expiresValue, serverProblems, signerDrafts, signerInputs, withoutProblems, zodProblems } from './signing-form'
import { SendOptionsFields, SignerListEditor } from './signer-list-editor'

/** A placed field; `signer` is the key of its signer's row, turned into the signer's index when sent. */
export type PlacedField = FieldBox & { id: string; signer: string; type: SigningFieldType; page: number }

const DRAG_TYPE = 'application/x-offerbook-field'
type DragData = { kind: 'new'; type: SigningFieldType } | { kind: 'move'; id: string; dx: number; dy: number }

function readDrag(event: DragEvent): DragData | null {
  try {
    const parsed = JSON.parse(event.dataTransfer.getData(DRAG_TYPE) || 'null') as DragData | null
    return parsed && (parsed.kind === 'new' || parsed.kind === 'move') ? parsed : null
  } catch {
    return null
  }
}

/** A fraction as a CSS percentage, without the float noise of 0.4 * 100 = 40.00000000000001. */
const percent = (fraction: number) => `${Number((fraction * 100).toFixed(3))}%`

let nextFieldId = 0
function newFieldId(): string {
  nextFieldId += 1
  return `field-${nextFieldId}`
}

/** The signers and fields a draft already has (none after an upload), else the offer's parties. */
function initialState(packet: PacketView, suggested: readonly SignerInput[]): { signers: SignerDraft[]; fields: PlacedField[] } {
  const ordered = [...packet.signers].sort((a, b) => a.position - b.position)
  if (ordered.length === 0) return { signers: signerDrafts(suggested.length > 0 ? suggested : []), fields: [] }
  const signers = signerDrafts(ordered.map((signer) => ({ name: signer.name, email: signer.email, phone: '', role: signer.role })))
  const fields = packet.fields.flatMap((field) => {
    const index = ordered.findIndex((signer) => signer.id === field.signerId)
    const draft = signers[index]
    return draft ? [{ id: newFieldId(), signer: draft.key, type: field.type, page: field.page, ...clampBox(field) }] : []
  })
  return { signers, fields }
}

/** The request a draft is sent with: each field names its signer by the signer's index (signerKeyOf). */
export function formPacketBody(signers: readonly SignerDraft[], fields: readonly PlacedField[], options: SendOptions) {
  return {
    signers: signerInputs(signers),
    fields: fields.map((field) => ({
      signerKey: signerKeyOf(signers.findIndex((signer) => signer.key === field.signer)),
      type: field.type,
      page: field.page,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
      required: true,
      label: '',
    })),
    order: options.order,
    expiresInDays: expiresValue(options.expiresInDays),
    requireSmsCode: options.requireSmsCode,
    message: options.message,
  }
}

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
  const [fields, setFields] = useState<PlacedField[]>(initial.fields)
  const [options, setOptions] = useState<SendOptions>(DEFAULT_SEND_OPTIONS)
  const [activeSigner, setActiveSigner] = useState<string>(initial.signers[0]?.key ?? '')
  const [targetPage, setTargetPage] = useState(0)
  const [problems, setProblems] = useState<Problems>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const send = useSendFormPacket(packet.offerId, packet.id)
  const remove = useDeletePacket(packet.offerId)
  const fieldRefs = useRef(new Map<string, HTMLDivElement>())
  const { ref: pagesRef, width: pagesWidth } = useElementSize()
  const pageWidth = Math.round(Math.min(816, Math.max(280, pagesWidth || 640)))
  const headers = useMemo(() => ({ headers: authHeaders() }), [])
  const pdf = usePdfDocument(packetOriginalUrl(packet.id), headers)

  const dirty = fields.length > 0
  useEffect(() => {
    onDirtyChange?.(dirty)
  }, [dirty, onDirtyChange])

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

  const addField = (type: SigningFieldType, page: number, cx: number, cy: number) => {
    if (!active) return
    if (fields.length >= SIGNING_LIMITS.maxFields) {
      setFailure(translateMessage(SIGNING_MESSAGES.tooManyFields))
      return
    }
    const field: PlacedField = { id: newFieldId(), signer: active, type, page, ...boxCentredAt(type, cx, cy) }
    setFields((current) => [...current, field])
    touched()
    setProblems((current) => withoutProblems(current, `signers.${signerIndex(active)}`))
    setAnnouncement(t('signing.editor.placed', { field: fieldLabel(field) }))
  }

  const moveField = (id: string, change: (field: PlacedField) => Partial<FieldBox>) => {
    setFields((current) => current.map((field) => (field.id === id ? { ...field, ...clampBox({ ...field, ...change(field) }) } : field)))
    touched()
  }

  const removeField = (id: string, focusNext = false) => {
    const index = fields.findIndex((field) => field.id === id)
    const field = fields[index]
    if (!field) return
    setFields((current) => current.filter((item) => item.id !== id))
    touched()
    setAnnouncement(t('signing.editor.removed', { field: fieldLabel(field) }))
    if (focusNext) {
      const next = fields[index + 1] ?? fields[index - 1]
      if (next) window.setTimeout(() => fieldRefs.current.get(next.id)?.focus(), 0)
    }
  }

  const onFieldKey = (event: KeyboardEvent<HTMLDivElement>, field: PlacedField) => {
    const step = event.shiftKey ? NUDGE_BIG : NUDGE
    const moves: Record<string, Partial<FieldBox>> = {
      ArrowLeft: { x: field.x - step },
      ArrowRight: { x: field.x + step },
      ArrowUp: { y: field.y - step },
      ArrowDown: { y: field.y + step },
    }
    const move = moves[event.key]
    if (move) {
      event.preventDefault()
      moveField(field.id, () => move)
      return
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault()
      removeField(field.id, true)
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>, page: number) => {
    const data = readDrag(event)
    if (!data) return
    event.preventDefault()
    const { fx, fy } = fractionIn(event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY)
    if (data.kind === 'new') {
      addField(data.type, page, fx, fy)
      return
    }
    setFields((current) => current.map((field) => (field.id === data.id ? { ...field, page, ...clampBox({ ...field, x: fx - data.dx, y: fy - data.dy }) } : field)))
    touched()
  }

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
    const body = formPacketBody(signers, fields, options)
    const parsed = SendFormPacketSchema.safeParse(body)
    const found = addProblems({}, zodProblems(parsed.error))
    addProblems(found, signerProblems(body.signers, { requireSmsCode: options.requireSmsCode }))
    const signerKeys = signers.map((_, index) => signerKeyOf(index))
    addProblems(found, fieldProblems(parsed.success ? parsed.data.fields : body.fields, { pageCount, signerKeys }))
    setProblems(found)
    if (!parsed.success || Object.keys(found).length > 0) {
      setFailure(t('signing.send.fixProblems'))
      return
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess('signing.editor.sent')
        onDone()
      },
      onError: (error) => {
        setProblems(serverProblems(error))
        setFailure(errorMessage(error))
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
      .map(([, message]) => translateMessage(message))
  const otherFieldProblem = problems.fields ? translateMessage(problems.fields) : null
  const pageOptions = packet.pages.map((_, index) => ({ value: String(index), label: t('signing.editor.pageN', { number: index + 1, count: pageCount }) }))
  const signerOptions = signers.map((signer, index) => ({ value: signer.key, label: signer.name.trim() || t('signing.signers.legend', { number: index + 1 }) }))

  return (
    <Stack gap="md">
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Text size="sm">{t('signing.editor.intro')}</Text>
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
                {errorMessage(pdf.error)}
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
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>

      {failure && (
        <Alert color="red" role="alert">
          {failure}
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
