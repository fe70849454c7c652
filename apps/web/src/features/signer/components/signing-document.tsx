import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Box, Button, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core'
import { useElementSize, useMediaQuery } from '@mantine/hooks'
import { IconArrowDown, IconCheck, IconSignature } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { Message } from '@offerbook/domain/messages'
import type { AdoptedSignature, PageSize, SignerView, SigningField } from '@offerbook/domain/signing'
import { fieldVisitOrder } from '@offerbook/domain/signing-rules'
import { ApiClientError } from '../../../shared/api-client'
import { notifyError } from '../../../shared/notify'
import { PdfPage, usePdfDocument } from '../../../shared/ui/pdf-page'
import type { SignerLink } from '../api/signer'
import { signerDocumentUrl, tokenHeaders, useFinishSigning } from '../api/signer'
import type { FieldProgress } from '../lib/fields'
import { documentDate, isSignatureType, nextFieldId, requiredProgress, textValues } from '../lib/fields'
import { AdoptSignatureDialog } from './adopt-signature-dialog'
import { DeclineDialog } from './decline-dialog-loader'
import type { FieldOverlayProps } from './field-overlay'
import { FieldOverlay } from './field-overlay'
import classes from './signing-document.module.css'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/** A signer's link is refused on the page, not by a move to sign-in (the signer has no account to sign in to). */
const SIGNER_RULES = { redirectOnUnauthorized: false } as const

/** Wide enough to read a letter page on a desktop; a phone gets its own width. */
const MAX_PAGE_WIDTH = 900
/** Before the container is measured (and in tests, where nothing has a size). */
const FALLBACK_PAGE_WIDTH = 640

type OverlayFor = (page: number) => FieldOverlayProps

type PagesProps = { link: SignerLink; pages: readonly PageSize[]; width: number; overlayFor: OverlayFor }

/** Every page of the document; Try again after a failed load mounts the loader anew. */
function DocumentPages(props: PagesProps) {
  const [attempt, setAttempt] = useState(0)
  return <LoadedPages key={attempt} {...props} onRetry={() => setAttempt((count) => count + 1)} />
}

/** Every page of the document at `width`, each with this signer's fields over it. */
function LoadedPages({ link, pages, width, overlayFor, onRetry }: PagesProps & { onRetry: () => void }) {
  const { t } = useTranslation()
  const headers = useMemo(() => tokenHeaders(link.token), [link.token])
  const { doc, error } = usePdfDocument(signerDocumentUrl(link.signerId), { headers, rules: SIGNER_RULES })

  if (error) {
    return (
      <Paper withBorder p="md" role="alert">
        <Text c="red.9" fw={700}>
          {t('signer.document.loadFailed')}
        </Text>
        <Button mt="sm" variant="default" onClick={onRetry}>
          {t('signer.document.retry')}
        </Button>
      </Paper>
    )
  }

  return (
    <Stack gap="md" align="center">
      {pages.map((size, index) => {
        const label = t('signer.document.pageLabel', { page: index + 1, total: pages.length })
        const overlay = <FieldOverlay {...overlayFor(index)} />
        return (
          <Paper key={index} shadow="md" radius={0} style={{ width }}>
            {doc ? (
              <PdfPage doc={doc} pageIndex={index} width={width} label={label}>
                {overlay}
              </PdfPage>
            ) : (
              // The page's size is known before the PDF arrives, so the fields can already be shown in place.
              <div style={{ position: 'relative', width, height: (width * size.height) / (size.width || 1), background: 'white' }}>
                <Group justify="center" pt="xl" gap="xs" aria-hidden>
                  <Loader size="sm" />
                </Group>
                {overlay}
              </div>
            )}
          </Paper>
        )
      })}
    </Stack>
  )
}

export type SigningDocumentProps = {
  view: SignerView
  link: SignerLink
  /** Called as Finish is sent, so the page can thank the signer once the answer says signed. */
  onFinishing: () => void
}

/** The document with the signer's fields, the progress bar with Next field, Finish and Decline to sign. */
export function SigningDocument({ view, link, onFinishing }: SigningDocumentProps) {
  const { t, i18n } = useTranslation()
  const finish = useFinishSigning(link)
  const { ref: measureRef, width: measured } = useElementSize()
  const phone = useMediaQuery('(max-width: 36em)') ?? false
  const width = Math.min(Math.floor(measured) || FALLBACK_PAGE_WIDTH, MAX_PAGE_WIDTH)

  const ordered = useMemo(() => fieldVisitOrder(view.fields), [view.fields])
  const numbers = useMemo(() => new Map(ordered.map((field, index) => [field.id, index + 1])), [ordered])
  const [today] = useState(() => documentDate(new Date()))

  const [adopted, setAdopted] = useState<AdoptedSignature | null>(null)
  const [stamped, setStamped] = useState<ReadonlySet<string>>(() => new Set())
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(view.fields.filter((field) => field.type === 'text').map((field) => [field.id, field.value ?? ''])))
  const [errors, setErrors] = useState<Record<string, Message>>({})
  const [adopting, setAdopting] = useState<{ fieldId: string | null; thenFinish: boolean } | null>(null)
  const [declining, setDeclining] = useState(false)
  const [lastFocused, setLastFocused] = useState<string | null>(null)
  const elements = useRef(new Map<string, HTMLElement>())

  // Coming from the long disclosure, the document starts at its top rather than where the reader was.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [])

  const progress: FieldProgress = { stamped, values }
  const counts = requiredProgress(ordered, progress)
  const complete = counts.done === counts.total
  const next = nextFieldId(ordered, progress, lastFocused)

  const registerField = useCallback((fieldId: string, element: HTMLElement | null) => {
    if (element) elements.current.set(fieldId, element)
    else elements.current.delete(fieldId)
  }, [])

  const goTo = (fieldId: string) => {
    const element = elements.current.get(fieldId)
    if (!element) return
    element.scrollIntoView?.({ behavior: 'smooth', block: 'center' })
    element.focus({ preventScroll: true })
  }

  const clearError = (fieldId: string) =>
    setErrors((current) => {
      if (!(fieldId in current)) return current
      const { [fieldId]: _removed, ...rest } = current
      return rest
    })

  const stamp = (field: SigningField) => {
    if (!adopted) return setAdopting({ fieldId: field.id, thenFinish: false })
    clearError(field.id)
    setStamped((current) => {
      const updated = new Set(current)
      // A second click takes the signature off again, as in other signing tools.
      if (updated.has(field.id)) updated.delete(field.id)
      else updated.add(field.id)
      return updated
    })
  }

  const send = (signature: AdoptedSignature) => {
    setErrors({})
    onFinishing()
    finish.mutate(
      { adopted: signature, values: textValues(ordered, values) },
      {
        onError: (error) => {
          const found: Record<string, Message> = {}
          if (error instanceof ApiClientError) {
            for (const item of error.errors) {
              const fieldId = item.path.startsWith('values.') ? item.path.slice('values.'.length) : item.path
              if (numbers.has(fieldId) && !found[fieldId]) found[fieldId] = { key: item.key, ...(item.params ? { params: item.params } : {}) }
            }
          }
          setErrors(found)
          const first = ordered.find((field) => found[field.id])
          if (first) goTo(first.id)
          notifyError(error)
        },
      },
    )
  }

  const finishNow = () => {
    if (!complete) return
    if (!adopted) return setAdopting({ fieldId: null, thenFinish: true })
    send(adopted)
  }

  const adopt = (signature: AdoptedSignature) => {
    const pending = adopting
    setAdopted(signature)
    setAdopting(null)
    if (pending?.fieldId) {
      const fieldId = pending.fieldId
      clearError(fieldId)
      setStamped((current) => new Set(current).add(fieldId))
    }
    if (pending?.thenFinish) send(signature)
  }

  const overlayFor: OverlayFor = (page) => ({
    fields: ordered.filter((field) => field.page === page),
    numbers,
    total: ordered.length,
    progress,
    adopted,
    signerName: view.signer.name,
    today,
    errors,
    onStamp: stamp,
    onText: (fieldId, value) => {
      clearError(fieldId)
      setValues((current) => ({ ...current, [fieldId]: value }))
    },
    onFocusField: setLastFocused,
    registerField,
  })

  const expires = view.packet.expiresAt ? dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(view.packet.expiresAt)) : null
  const hasSignatureFields = ordered.some((field) => isSignatureType(field.type))
  const buttonSize = phone ? 'compact-md' : 'sm'
  const declineButton = (
    <Button size={phone ? 'compact-sm' : 'sm'} variant="default" onClick={() => setDeclining(true)} disabled={finish.isPending}>
      {t('signer.document.decline')}
    </Button>
  )

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={700} c="gray.8" tt="uppercase">
          {t('signer.header.eyebrow')}
        </Text>
        <Title order={1}>{view.packet.title}</Title>
        {view.packet.address && <Text fw={600}>{view.packet.address}</Text>}
        {view.packet.senderName && <Text c="gray.8">{t('signer.header.from', { name: view.packet.senderName })}</Text>}
        <Text c="gray.8">{t('signer.header.signingAs', { name: view.signer.name, email: view.signer.email })}</Text>
        {expires && <Text c="gray.8">{t('signer.header.signBy', { date: expires })}</Text>}
      </Stack>

      <Paper component="section" aria-label={t('signer.document.toolbar')} className={classes.bar} withBorder shadow="md" px="sm" py="xs">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={700} role="status" aria-live="polite">
              {t('signer.document.progress', { done: counts.done, total: counts.total })}
            </Text>
            {/* On a phone the two buttons that move the signing on get their own full-width row. */}
            {phone ? declineButton : null}
            <Group gap="xs" wrap="nowrap" grow={phone} style={phone ? { flexBasis: '100%' } : undefined}>
              <Button size={buttonSize} variant="default" leftSection={<IconArrowDown size={16} aria-hidden />} onClick={() => next && goTo(next)} disabled={next === null}>
                {t('signer.document.next')}
              </Button>
              <Button size={buttonSize} leftSection={<IconCheck size={16} aria-hidden />} onClick={finishNow} disabled={!complete} loading={finish.isPending}>
                {t('signer.document.finish')}
              </Button>
              {phone ? null : declineButton}
            </Group>
          </Group>
          <Progress value={counts.total === 0 ? 100 : (counts.done / counts.total) * 100} size="xs" aria-label={t('signer.document.progress', { done: counts.done, total: counts.total })} />
        </Stack>
      </Paper>

      <Group justify="space-between" gap="xs">
        <Text>{complete ? t('signer.document.allDone') : t('signer.document.instructions')}</Text>
        {adopted && hasSignatureFields && (
          <Button size="compact-sm" variant="subtle" leftSection={<IconSignature size={14} aria-hidden />} onClick={() => setAdopting({ fieldId: null, thenFinish: false })}>
            {t('signer.document.changeSignature')}
          </Button>
        )}
      </Group>

      <Box ref={measureRef} w="100%">
        <DocumentPages link={link} pages={view.packet.pages} width={width} overlayFor={overlayFor} />
      </Box>

      <AdoptSignatureDialog opened={adopting !== null} name={view.signer.name} onClose={() => setAdopting(null)} onAdopt={adopt} />
      <DeclineDialog opened={declining} onClose={() => setDeclining(false)} link={link} />
    </Stack>
  )
}
