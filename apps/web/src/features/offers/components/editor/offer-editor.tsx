import type { ReactNode } from 'react'
import { useCallback, useMemo, useState } from 'react'
import { Alert, Anchor, Box, Button, CopyButton, Group, Image, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { concatLabel } from '@offerbook/domain/clauses/concat'
import { RF707_CLAUSES } from '@offerbook/domain/clauses/rf707-catalogue'
import { formatUsd } from '@offerbook/domain/money'
import type { OfferView } from '@offerbook/domain/offer'
import { formsProblem, hasListingAgent, OFFER_MESSAGES } from '@offerbook/domain/offer'
import { ApiClientError } from '../../../../shared/api-client'
import { translateMessage } from '../../../../shared/i18n/server-messages'
import { errorMessage, notifySuccess } from '../../../../shared/notify'
import { useDialog } from '../../../../shared/ui/app-dialog'
import { SectionCard } from '../../../../shared/ui/section-card'
import type { SimpleOfferAction } from '../../api/offers'
import { deleteOfferDraft, generateOfferForms, offerKeys, useOfferAction, useSetOffer } from '../../api/offers'
import { OfferDetails } from '../details/offer-details'
import { OfferStatusBadge } from '../details/offer-status-badge'
import { OfferTimeline } from '../details/offer-timeline'
import { AttachmentList, UploadButton, useAttachmentsCache } from './attachments-section'
import type { EditorForm } from './editor-form'
import type { FieldErrors } from './offer-form'
import { setAt, touches } from './offer-form'
import { AgentSection, BuyersSection } from './parties-sections'
import { SaveStatus } from './save-status'
import { ClosingSection, ConcessionsSection, ContingenciesSection, EarnestMoneySection, ExpirationSection, FinancingSection, PriceSection, WarrantySection } from './terms-sections'
import { useOfferAutosave } from './use-offer-autosave'
import { useUnsavedChanges } from './unsaved-changes'

/** The RF707 choices as the addendum modal emits and the offer stores them. */
export type AddendumFormData = Record<string, boolean | string>

export type StipulationPickerProps = { text: string; onImport: (text: string) => void; disabled: boolean }
export type AddendumPickerProps = { formData: AddendumFormData | null; onImport: (formData: AddendumFormData) => void; disabled: boolean; parties: { buyer: string; seller: string; property: string } }

export type OfferEditorProps = {
  offer: OfferView
  /** The stipulation modal and its GENERATE/EDIT button (another feature's; the page composes it). */
  renderStipulations: (props: StipulationPickerProps) => ReactNode
  /** The RF707 addendum modal and its GENERATE/EDIT button. */
  renderAddendum: (props: AddendumPickerProps) => ReactNode
}

/** Buyer-side statuses whose terms may still change (the API takes PATCH on these). */
const EDITABLE_STATUSES: readonly OfferView['status'][] = ['draft', 'active']

/** A field named by a whole party ('listingAgent') shows its message on the party's name and email. */
function errorFor(path: string, client: FieldErrors, server: FieldErrors): string | undefined {
  const direct = client[path] ?? server[path]
  if (direct) return direct
  const [parent, child] = path.split('.')
  if (parent && (child === 'fullName' || child === 'email') && path.split('.').length === 2) return server[parent]
  return undefined
}

/**
 * The buyer side's offer at /submitted-offers/update/{id}: every term, saved by itself as it is typed,
 * and the actions the offer's status allows. A decided offer is shown read-only.
 */
export function OfferEditor({ offer, renderStipulations, renderAddendum }: OfferEditorProps) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const dialog = useDialog()
  const queryClient = useQueryClient()
  const setOffer = useSetOffer()
  const action = useOfferAction(offer.id)
  const updateAttachments = useAttachmentsCache(offer.id)
  const editable = offer.viewer === 'buyer' && EDITABLE_STATUSES.includes(offer.status)

  const autosave = useOfferAutosave({ offer, editable, onSaved: setOffer })
  const { terms, setTerms, errors } = autosave
  const guard = useUnsavedChanges({ dirty: autosave.dirty, save: autosave.saveNow })

  // Made once per change of the files, so the financing section need not draw again on every keystroke.
  const preApproval = useMemo(
    () => (
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('offer.field.preApproval')}
        </Text>
        <AttachmentList offerId={offer.id} attachments={offer.attachments} kinds={['pre-approval']} editable={editable} label={t('offer.field.preApproval')} />
        <Group>
          <UploadButton offerId={offer.id} attachments={offer.attachments} kind="pre-approval" label={t('offerEditor.uploadPreApproval')} disabled={!editable} />
        </Group>
      </Stack>
    ),
    [offer.id, offer.attachments, editable, t],
  )

  /** Field errors the API gave when sharing; each goes once its field changes. */
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  /** The answer to the last action: a rule's message or the API's refusal. */
  const [problem, setProblem] = useState<unknown>(null)
  const [busy, setBusy] = useState<string | null>(null)

  const set = useCallback(
    (path: string, value: unknown) => {
      setTerms((current) => setAt(current, path, value))
      // The answer to the last action was about the terms as they were.
      setProblem(null)
      setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !touches(key, path))))
    },
    [setTerms],
  )

  const form: EditorForm = {
    terms,
    set,
    error: (path) => {
      const message = errorFor(path, errors, serverErrors)
      return message ? translateMessage(message) : undefined
    },
    errorsUnder: (...paths) => {
      const found: string[] = []
      for (const source of [errors, serverErrors]) {
        for (const [key, message] of Object.entries(source)) if (paths.some((path) => touches(key, path))) found.push(`${key}=${message}`)
      }
      return found.join('|')
    },
    disabled: !editable,
  }

  const fail = (error: unknown) => {
    setProblem(error)
    if (error instanceof ApiClientError && error.errors.length > 0) setServerErrors(Object.fromEntries(error.errors.map((item) => [item.path, item.message])))
  }

  /** Runs one action: its message cleared, the unsaved-changes question asked first, busy while it works. */
  const run = async (name: string, work: () => Promise<void>, { needsSaved = true } = {}) => {
    setProblem(null)
    if (needsSaved && !(await guard.readyToAct())) return
    setBusy(name)
    try {
      await work()
    } catch (error) {
      fail(error)
    } finally {
      setBusy(null)
    }
  }

  const simple = (name: SimpleOfferAction, done: string) => () =>
    run(name, async () => {
      await action.mutateAsync(name)
      notifySuccess(done)
    })

  const share = async () => {
    if (!hasListingAgent(terms)) {
      setProblem(OFFER_MESSAGES.listingAgentRequired)
      setServerErrors((current) => ({ ...current, listingAgent: OFFER_MESSAGES.listingAgentRequired }))
      document.getElementById(terms.listingAgent.fullName.trim() === '' ? 'offer-listingAgent-fullName' : 'offer-listingAgent-email')?.focus()
      return
    }
    await simple('share', 'offerEditor.notice.shared')()
  }

  const generateForms = async () => {
    const rule = formsProblem(terms)
    if (rule) {
      setProblem(rule)
      return
    }
    await run('forms', async () => {
      const attachment = await generateOfferForms(offer.id)
      updateAttachments((list) => [...list.filter((item) => item.kind !== 'offer-form'), attachment])
      // The history gains 'Forms generated'.
      void queryClient.invalidateQueries({ queryKey: offerKeys.one(offer.id) })
      notifySuccess('offerEditor.notice.formsGenerated')
    })
  }

  const withdraw = async () => {
    if (offer.status === 'draft') {
      setProblem(OFFER_MESSAGES.shareFirst)
      return
    }
    const sure = await dialog.confirm({ title: t('offerEditor.confirm.withdrawTitle'), message: t('offerEditor.confirm.withdrawMessage'), confirmLabel: t('offer.action.withdraw') })
    if (sure) await simple('withdraw', 'offerEditor.notice.withdrawn')()
  }

  const acknowledge = async () => {
    const sure = await dialog.confirm({ title: t('offerEditor.confirm.acknowledgeTitle'), message: t('offerEditor.confirm.acknowledgeMessage'), confirmLabel: t('offer.action.acknowledge') })
    if (sure) await simple('acknowledge', 'offerEditor.notice.acknowledged')()
  }

  const terminate = async () => {
    const sure = await dialog.confirm({ title: t('offerEditor.confirm.terminateTitle'), message: t('offerEditor.confirm.terminateMessage'), confirmLabel: t('offer.action.terminate') })
    if (sure) await simple('terminate', 'offerEditor.notice.terminated')()
  }

  const deleteDraft = async () => {
    const sure = await dialog.confirm({ title: t('offerEditor.confirm.deleteTitle'), message: t('offerEditor.confirm.deleteMessage'), confirmLabel: t('offerEditor.deleteDraft') })
    if (!sure) return
    await run(
      'delete',
      async () => {
        await deleteOfferDraft(offer.id)
        queryClient.removeQueries({ queryKey: offerKeys.one(offer.id) })
        void queryClient.invalidateQueries({ queryKey: ['offers', 'mine'] })
        notifySuccess('offerEditor.notice.deleted')
        guard.leave(() => void navigate('/submitted-offers/all'))
      },
      { needsSaved: false },
    )
  }

  const property = offer.property
  const address = property.address || t('offerEditor.noAddress')
  const can = (name: OfferView['actions'][number]) => offer.actions.includes(name)
  const isBuyer = offer.viewer === 'buyer'

  const actions = isBuyer && (
    <Paper withBorder p="md" component="section" aria-labelledby="offer-actions-title">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id="offer-actions-title">
            {t('offerEditor.actions.title')}
          </Title>
          {editable && <SaveStatus state={autosave.state} dirty={autosave.dirty} onSave={() => void autosave.saveNow()} />}
        </Group>
        <Group gap="sm">
          {offer.status === 'draft' && (
            <Button onClick={() => void share()} loading={busy === 'share'}>
              {t('offer.action.share')}
            </Button>
          )}
          {editable && (
            <Button variant="default" onClick={() => void generateForms()} loading={busy === 'forms'}>
              {t('offerEditor.generateForms')}
            </Button>
          )}
          {(offer.status === 'draft' || can('withdraw')) && (
            <Button variant="default" color="red" onClick={() => void withdraw()} loading={busy === 'withdraw'}>
              {t('offer.action.withdraw')}
            </Button>
          )}
          {can('acknowledge') && (
            <Button onClick={() => void acknowledge()} loading={busy === 'acknowledge'}>
              {t('offer.action.acknowledge')}
            </Button>
          )}
          {can('terminate') && (
            <Button variant="default" color="red" onClick={() => void terminate()} loading={busy === 'terminate'}>
              {t('offer.action.terminate')}
            </Button>
          )}
          {offer.status === 'draft' && (
            <Button variant="subtle" color="red" onClick={() => void deleteDraft()} loading={busy === 'delete'}>
              {t('offerEditor.deleteDraft')}
            </Button>
          )}
        </Group>
        {problem !== null && (
          <Alert color="red" role="alert" data-testid="offer-action-problem">
            {errorMessage(problem)}
          </Alert>
        )}
        {offer.status === 'draft' && offer.shareProblems.length > 0 && (
          <Box>
            <Text size="sm" fw={600}>
              {t('offerEditor.beforeSharing')}
            </Text>
            <List size="sm">
              {offer.shareProblems.map((item) => (
                <List.Item key={`${item.field}-${item.message}`}>{translateMessage(item.message)}</List.Item>
              ))}
            </List>
          </Box>
        )}
        {offer.shareUrl && (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput label={t('offerEditor.shareLink')} description={t('offerEditor.shareLinkHint')} value={offer.shareUrl} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton value={offer.shareUrl}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
                  {copied ? t('offerEditor.copied') : t('offerEditor.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
      </Stack>
    </Paper>
  )

  const header = (
    <Stack gap="xs">
      <Group gap="sm" align="center">
        <Title order={1}>{t('offerEditor.title')}</Title>
        <OfferStatusBadge status={offer.status} size="lg" />
      </Group>
      {offer.sharedAt && (
        <Text size="sm">
          {t('offerEditor.sharedAt', { time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(offer.sharedAt)) })}
        </Text>
      )}
    </Stack>
  )

  const propertyCard = (
    <SectionCard title={t('offerEditor.section.property')}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        {property.primaryPhotoURL && <Image src={property.primaryPhotoURL} alt={t('offerEditor.photoOf', { address })} w={160} h={110} radius="sm" fit="cover" />}
        <Stack gap={4}>
          <Anchor component={Link} to={`/property/${encodeURIComponent(property.id)}`} fw={600}>
            {address}
          </Anchor>
          {property.city && <Text size="sm">{property.city}</Text>}
          <Text size="sm">
            {t('offerEditor.listPrice')}: {property.listPrice === null ? t('offer.field.notSet') : formatUsd(property.listPrice, i18n.language)}
          </Text>
        </Stack>
      </Group>
    </SectionCard>
  )

  if (!editable) {
    return (
      <Stack gap="lg" maw={960}>
        {header}
        {actions}
        {propertyCard}
        <OfferDetails offer={offer} />
      </Stack>
    )
  }

  const addendumText = terms.addendum ? concatLabel(RF707_CLAUSES, terms.addendum) : ''
  const buyerNames = terms.buyers.map((buyer) => buyer.fullName.trim()).filter(Boolean).join(', ')

  return (
    <Stack gap="lg" maw={960}>
      {header}
      {actions}
      {propertyCard}
      <PriceSection form={form} />
      <EarnestMoneySection form={form} />
      <FinancingSection form={form} preApproval={preApproval} />
      <ContingenciesSection form={form} />
      <ClosingSection form={form} />
      <ConcessionsSection form={form} />
      <WarrantySection form={form} />
      <ExpirationSection form={form} />
      <BuyersSection form={form} />
      <AgentSection form={form} path="buyerAgent" title={t('offer.field.buyerAgent')} />
      <AgentSection form={form} path="listingAgent" title={t('offer.field.listingAgent')} />
      <SectionCard title={t('offer.field.stipulations')}>
        <ClauseText text={terms.stipulations} error={form.error('stipulations')} />
        <Group gap="sm">
          {renderStipulations({ text: terms.stipulations, onImport: (text) => set('stipulations', text), disabled: !editable })}
          {terms.stipulations !== '' && (
            <Button variant="subtle" color="red" onClick={() => set('stipulations', '')}>
              {t('offerEditor.clear')}
            </Button>
          )}
        </Group>
      </SectionCard>
      <SectionCard title={t('offer.field.addendum')}>
        <ClauseText text={addendumText} error={form.error('addendum')} />
        <Group gap="sm">
          {renderAddendum({
            formData: terms.addendum,
            onImport: (formData) => set('addendum', formData),
            disabled: !editable,
            parties: { buyer: buyerNames, seller: '', property: address },
          })}
          {terms.addendum !== null && (
            <Button variant="subtle" color="red" onClick={() => set('addendum', null)}>
              {t('offerEditor.clear')}
            </Button>
          )}
        </Group>
      </SectionCard>
      <SectionCard title={t('offer.field.attachments')}>
        <AttachmentList offerId={offer.id} attachments={offer.attachments} kinds={['attachment', 'offer-form']} editable={editable} label={t('offer.field.attachments')} />
        <Group>
          <UploadButton offerId={offer.id} attachments={offer.attachments} kind="attachment" label={t('offerEditor.addAttachment')} disabled={!editable} />
        </Group>
      </SectionCard>
      <SectionCard title={t('offerEditor.history')}>
        <OfferTimeline events={offer.events} />
      </SectionCard>
      {guard.dialog}
    </Stack>
  )
}

/** The imported clause text as the offer will carry it, or a note that there is none yet. */
function ClauseText({ text, error }: { text: string; error?: string }) {
  const { t } = useTranslation()
  return (
    <Stack gap={4}>
      {text ? (
        <Box p="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', background: 'var(--mantine-color-default-hover)', borderRadius: 'var(--mantine-radius-sm)' }} fz="sm">
          {text}
        </Box>
      ) : (
        <Text size="sm" c="dimmed">
          {t('offerEditor.noClauses')}
        </Text>
      )}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)">
          {error}
        </Text>
      )}
    </Stack>
  )
}
