import { useCallback, useState } from 'react'
import { Alert, Box, Button, CopyButton, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../../../shared/i18n/translation'
import { useNavigate } from '../../../../shared/navigation'
import type { OfferTerms, OfferView } from '@offerbook/domain/offer'
import type { Message } from '@offerbook/domain/messages'
import { ApiClientError, UNKNOWN_ERROR } from '../../../../shared/api-client'
import { translate } from '../../../../shared/i18n/messages'
import { notifySuccess } from '../../../../shared/notify'
import { useDialog } from '../../../../shared/ui/app-dialog'
import type { SimpleOfferAction } from '../../api/offers'
import { AgreementPreview } from '../negotiation/agreement-preview'
import { TermChanges, useVersionChanged } from '../negotiation/version-changes'
import { zoneOf } from '../details/offer-format'
import { deleteOfferDraft, generateOfferForms, useOfferAction, useSendRevision, useShareOffer } from '../../api/offers'
import type { MoneyWarning } from '@offerbook/domain/money-bounds'
import type { MoneyChecks } from './money-checks'
import { moneyCheckId, moneyFieldPath } from './money-checks'
import { useAttachmentsCache } from './attachments-cache'
import type { FieldErrors } from './offer-form'
import { touches } from './offer-form'
import { loadOfferRules } from './offer-rules'
import type { OfferAutosave } from './use-offer-autosave'
import { SaveStatus } from './save-status'
import { offerKeys } from '../../../../shared/query-keys'

/** The list of sums that look wrong, for the share and revision confirmations: fetched when one does. */
const loadMoneyCheck = () => import('../../../../shared/ui/money-check')

/** The sums the buyer side confirmed, as the API takes them (the list price is the seller side's). */
const confirmedFields = (warnings: readonly MoneyWarning[]) => warnings.flatMap((warning) => (warning.field === 'listPrice' ? [] : [warning.field]))

/** What the actions need of the page's leave guard: ask before acting, and leave without asking. */
type Guard = { readyToAct: () => Promise<boolean>; leave: (go: () => unknown) => unknown }

export type OfferActions = ReturnType<typeof useOfferActions>

/**
 * The buyer's actions on the offer (share, generate forms, withdraw, acknowledge, terminate, delete the
 * draft), each asking about unsaved changes first, and what the last one answered.
 */
export function useOfferActions({ offer, terms, guard, money }: { offer: OfferView; terms: OfferTerms; guard: Guard; money?: MoneyChecks }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const dialog = useDialog()
  const queryClient = useQueryClient()
  const action = useOfferAction(offer.id)
  const revise = useSendRevision(offer.id)
  const versionChanged = useVersionChanged()
  const shareAction = useShareOffer(offer.id)
  const updateAttachments = useAttachmentsCache(offer.id)

  /** Field errors the API gave when sharing; each goes once its field changes. */
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  /** The answer to the last action: a rule's message or the API's refusal. */
  const [problem, setProblem] = useState<Message | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  /** A change at `path`: the answer to the last action was about the terms as they were. */
  const changed = useCallback((path: string) => {
    setProblem(null)
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !touches(key, path))))
  }, [])

  const fail = (error: unknown) => {
    if (!(error instanceof ApiClientError)) {
      setProblem(UNKNOWN_ERROR)
      return
    }
    setProblem(error.detail)
    if (error.errors.length > 0) setServerErrors(Object.fromEntries(error.errors.map(({ path, key, params }) => [path, { key, params }])))
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
      await action.mutateAsync({ action: name })
      notifySuccess(done)
    })

  /**
   * A sum out of bounds is confirmed next to its field, then once more in the dialog that sends it
   * (decision 037). The warnings to repeat there, or null (with the fields marked) while one is unconfirmed.
   */
  const moneyConfirmedOnFields = () => {
    const warnings = money?.warnings ?? []
    const missing = warnings.filter((warning) => !money?.isConfirmed(warning.field))
    const [first] = missing
    if (!first) return warnings
    const unconfirmed: Message = { key: 'offer.moneyUnconfirmed' }
    setProblem(unconfirmed)
    setServerErrors((current) => ({ ...current, ...Object.fromEntries(missing.map((warning) => [moneyFieldPath(warning.field), unconfirmed])) }))
    document.getElementById(moneyCheckId(first.field))?.focus()
    return null
  }

  const share = async () => {
    const rules = await loadOfferRules()
    if (!rules.hasListingAgent(terms)) {
      const required: Message = { key: 'offerTerms.listingAgentRequired' }
      setProblem(required)
      setServerErrors((current) => ({ ...current, listingAgent: required }))
      document.getElementById(terms.listingAgent.fullName.trim() === '' ? 'offer-listingAgent-fullName' : 'offer-listingAgent-email')?.focus()
      return
    }
    const warnings = moneyConfirmedOnFields()
    if (!warnings) return
    if (warnings.length > 0) {
      const { MoneyWarningList, MoneyWarningsTitle } = await loadMoneyCheck()
      const sure = await dialog.confirm({ title: <MoneyWarningsTitle />, message: <MoneyWarningList warnings={warnings} title={t('offer.action.share')} />, confirmLabel: t('offer.action.share') })
      if (!sure) return
    }
    await run('share', async () => {
      await shareAction.mutateAsync({ confirmed: confirmedFields(warnings) })
      notifySuccess('offerEditor.notice.shared')
    })
  }

  const generateForms = async () => {
    const rule = (await loadOfferRules()).formsProblem(terms)
    if (rule) {
      setProblem({ key: rule.key, params: rule.params })
      return
    }
    await run('forms', async () => {
      const attachment = await generateOfferForms(offer.id)
      updateAttachments((list) => [...list.filter((item) => !(item.kind === 'offer-form' && (item.version ?? null) === (attachment.version ?? null))), attachment])
      // The history gains 'Forms generated'.
      void queryClient.invalidateQueries({ queryKey: offerKeys.one(offer.id) })
      notifySuccess('offerEditor.notice.formsGenerated')
    })
  }

  /**
   * Sends the saved working copy as the next version (decision 036), after a confirmation listing each
   * changed term old → new. A revision that changes nothing is refused here, on the form.
   */
  const sendRevision = async () => {
    setProblem(null)
    if (!(await guard.readyToAct())) return
    const next = offer.negotiation.version + 1
    if ((await loadOfferRules()).differingTerms(offer.terms, terms).length === 0) {
      setProblem({ key: 'offer.revisionUnchanged' })
      return
    }
    const warnings = moneyConfirmedOnFields()
    if (!warnings) return
    const renewing = offer.status === 'expired'
    const moneyCheck = warnings.length > 0 ? await loadMoneyCheck() : null
    const sure = await dialog.confirm({
      title: t('negotiation.revision.confirmTitle'),
      message: (
        <Stack gap="sm">
          <Text>{t(renewing ? 'negotiation.revision.renewIntro' : 'negotiation.revision.confirmIntro', { number: next })}</Text>
          <TermChanges before={offer.terms} after={terms} label={t('negotiation.revision.changes')} timeZone={zoneOf(offer.property)} />
          {moneyCheck && <moneyCheck.MoneyWarningList warnings={warnings} title={t('negotiation.revision.confirm')} />}
        </Stack>
      ),
      confirmLabel: t('negotiation.revision.confirm'),
    })
    if (!sure) return
    await run(
      'revise',
      async () => {
        try {
          await revise.mutateAsync({ version: offer.negotiation.version, terms, confirmed: confirmedFields(warnings) })
          notifySuccess('negotiation.revision.sent')
        } catch (error) {
          if (!versionChanged(error, offer)) throw error
        }
      },
      { needsSaved: false },
    )
  }

  const withdraw = async () => {
    if (offer.status === 'draft') {
      setProblem({ key: 'offer.shareFirst' })
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
        void queryClient.invalidateQueries({ queryKey: offerKeys.mineAll() })
        notifySuccess('offerEditor.notice.deleted')
        guard.leave(() => void navigate('/submitted-offers/all'))
      },
      { needsSaved: false },
    )
  }

  return { busy, problem, serverErrors, changed, share, sendRevision, generateForms, withdraw, acknowledge, terminate, deleteDraft }
}

/** The actions' panel above the form: the buttons the offer's status allows, the save state, the last answer, the share link. */
export function OfferActionsPanel({ offer, actions, autosave, editable }: { offer: OfferView; actions: OfferActions; autosave: OfferAutosave; editable: boolean }) {
  const { t } = useTranslation()
  const { busy, problem } = actions
  const can = (name: OfferView['actions'][number]) => offer.actions.includes(name)
  return (
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
            <Button onClick={() => void actions.share()} loading={busy === 'share'}>
              {t('offer.action.share')}
            </Button>
          )}
          {(can('revise') || can('renew')) && (
            <Button onClick={() => void actions.sendRevision()} loading={busy === 'revise'}>
              {t(can('renew') ? 'negotiation.revision.renew' : 'negotiation.revision.send')}
            </Button>
          )}
          {editable && offer.status !== 'expired' && (
            <Button variant="default" onClick={() => void actions.generateForms()} loading={busy === 'forms'}>
              {t('offerEditor.generateForms')}
            </Button>
          )}
          {/* Before sharing, the agreement the seller side will read, from the terms as saved. */}
          {offer.status === 'draft' && <AgreementPreview offerId={offer.id} beforeOpen={autosave.saveNow} />}
          {(offer.status === 'draft' || can('withdraw')) && (
            <Button variant="default" color="red" onClick={() => void actions.withdraw()} loading={busy === 'withdraw'}>
              {t('offer.action.withdraw')}
            </Button>
          )}
          {can('acknowledge') && (
            <Button onClick={() => void actions.acknowledge()} loading={busy === 'acknowledge'}>
              {t('offer.action.acknowledge')}
            </Button>
          )}
          {can('terminate') && (
            <Button variant="default" color="red" onClick={() => void actions.terminate()} loading={busy === 'terminate'}>
              {t('offer.action.terminate')}
            </Button>
          )}
          {offer.status === 'draft' && (
            <Button variant="subtle" color="red" onClick={() => void actions.deleteDraft()} loading={busy === 'delete'}>
              {t('offerEditor.deleteDraft')}
            </Button>
          )}
        </Group>
        {offer.workingTerms !== null && (
          <Alert color="yellow" data-testid="offer-unsent-changes">
            {t('negotiation.revision.unsent')}
          </Alert>
        )}
        {problem !== null && (
          <Alert color="red" role="alert" data-testid="offer-action-problem">
            {translate(problem)}
          </Alert>
        )}
        {offer.status === 'draft' && offer.shareProblems.length > 0 && (
          <Box>
            <Text size="sm" fw={600}>
              {t('offerEditor.beforeSharing')}
            </Text>
            <List size="sm">
              {offer.shareProblems.map((item) => (
                <List.Item key={`${item.field}-${item.key}`}>{translate(item)}</List.Item>
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
}
