import { useState } from 'react'
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { AmendmentState, ContractAmendment, ContractAmendments, RepairAnswer, RepairProposal } from '@offerbook/domain/contract-amendments'
import { AMENDMENT_LIMITS, RepairListSchema } from '@offerbook/domain/contract-amendments'
import type { MessageKey } from '@offerbook/domain/messages'
import type { OfferView } from '@offerbook/domain/offer'
import { errorText, translate } from '../../../../shared/i18n/messages'
import { notifyError, notifySuccess } from '../../../../shared/notify'
import { DialogActions } from '../../../../shared/ui/dialog-actions'
import { WARNING_FILL } from '../../../../shared/ui/warning-color'
import { useAmendments, useAnswerRepairs, useProposeRepairs } from '../../api/amendments'
import { formatCalendarDate } from '../details/offer-format'
import { AmendmentForm, RepairList } from './amendment-form'
import { AmendmentLines } from './amendment-lines'

/** Shade 8/9 under white text (4.5:1 or more); the word says the state, the colour only repeats it. */
const STATE_COLORS: Readonly<Record<AmendmentState, string>> = { signing: 'blue.9', signed: 'teal.9', declined: 'red.9', expired: WARNING_FILL, voided: 'gray.8' }

/**
 * Amendments of the bound contract, on both sides' accepted offer page (decision 066): 'Propose an
 * amendment' for the contract's parties, each amendment with its state and changes, and the repair
 * proposals of the resolution period with their answers. Teams read it without buttons.
 */
export function AmendmentsPanel({ offer }: { offer: OfferView }) {
  const { t } = useTranslation()
  const bound = offer.status === 'accepted' && offer.bindingAgreementAt !== null && offer.viewer !== 'link'
  const query = useAmendments(offer.id, bound)
  const [drafting, setDrafting] = useState(false)
  const [proposing, setProposing] = useState(false)
  if (!bound) return null
  const titleId = `offer-amendments-${offer.id}`

  return (
    <Paper component="section" withBorder p="lg" aria-labelledby={titleId} data-testid="offer-amendments">
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('amendments.title')}
        </Title>
        {query.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('amendments.loading')}</Text>
          </Group>
        ) : query.isError ? (
          <Alert color="red" role="alert" title={t('amendments.loadFailed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorText(query.error)}</Text>
              <Button size="xs" variant="default" onClick={() => void query.refetch()}>
                {t('amendments.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Loaded offer={offer} data={query.data} onDraft={() => setDrafting(true)} onPropose={() => setProposing(true)} />
        )}
      </Stack>
      {query.data && <AmendmentForm key={query.data.version} offer={offer} version={query.data.version} opened={drafting} onClose={() => setDrafting(false)} />}
      {query.data?.canProposeRepairs && <RepairsDialog offerId={offer.id} mode={{ kind: 'propose' }} opened={proposing} onClose={() => setProposing(false)} />}
    </Paper>
  )
}

function Loaded({ offer, data, onDraft, onPropose }: { offer: OfferView; data: ContractAmendments; onDraft: () => void; onPropose: () => void }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  return (
    <Stack gap="md">
      {data.side !== null && (
        <Stack gap={6}>
          <Group gap="sm" wrap="wrap">
            <Button onClick={onDraft} disabled={!data.canDraft}>
              {t('amendments.propose')}
            </Button>
            {data.canProposeRepairs && (
              <Button variant="default" onClick={onPropose}>
                {t('amendments.proposeRepairs')}
              </Button>
            )}
          </Group>
          {data.waitingFor !== null && (
            <Text size="sm" role="status">
              {t('amendments.waitsFor', { number: data.waitingFor })}
            </Text>
          )}
          {data.canProposeRepairs && data.resolutionEnds && (
            <Text size="sm" c="dimmed">
              {t('amendments.repairsUntil', { date: formatCalendarDate(data.resolutionEnds, language) })}
            </Text>
          )}
        </Stack>
      )}
      {data.repairProposals.map((proposal) => (
        <ProposalCard key={proposal.id} offerId={offer.id} proposal={proposal} side={data.side} />
      ))}
      {data.amendments.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="amendments-empty">
          {t('amendments.empty')}
        </Text>
      ) : (
        <Stack component="ol" gap="md" p={0} m={0} aria-label={t('amendments.listLabel')}>
          {data.amendments.map((amendment) => (
            <AmendmentEntry key={amendment.id} amendment={amendment} />
          ))}
        </Stack>
      )}
    </Stack>
  )
}

function AmendmentEntry({ amendment }: { amendment: ContractAmendment }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  return (
    <Stack component="li" gap={4} style={{ listStyle: 'none', overflowWrap: 'anywhere' }} data-testid={`amendment-${amendment.number}`}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fw={700}>{t('amendments.number', { number: amendment.number })}</Text>
        <Badge color={STATE_COLORS[amendment.state]} variant="filled" tt="none" autoContrast data-state={amendment.state}>
          {t(`amendments.state.${amendment.state}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t(`amendments.draftedBy.${amendment.side}`, { name: amendment.draftedByName ?? '', date: formatCalendarDate(amendment.createdAt.slice(0, 10), language) })}
      </Text>
      <AmendmentLines lines={amendment.lines} />
      {(amendment.state === 'signing' || amendment.state === 'signed') && <Text size="sm">{t(`amendments.documentIn.${amendment.state}`)}</Text>}
      {amendment.state === 'signed' && amendment.appliedVersion !== null && <Text size="sm">{t('amendments.applied', { version: amendment.appliedVersion })}</Text>}
    </Stack>
  )
}

function ProposalCard({ offerId, proposal, side }: { offerId: string; proposal: RepairProposal; side: ContractAmendments['side'] }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const answer = useAnswerRepairs(offerId)
  const [countering, setCountering] = useState(false)
  const last = proposal.rounds.at(-1)
  const mine = side !== null && proposal.awaiting === side
  const send = (value: Exclude<RepairAnswer, 'countered'>) =>
    answer.mutate({ proposalId: proposal.id, answer: value }, { onSuccess: () => notifySuccess(t(`amendments.answered.${value}`)), onError: notifyError })
  return (
    <Paper withBorder p="sm" data-testid="repair-proposal">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fw={700}>{t('amendments.repairsTitle')}</Text>
          <Badge color={proposal.status === 'declined' ? 'red.9' : proposal.status === 'accepted' ? 'teal.9' : 'blue.9'} variant="filled" tt="none" autoContrast>
            {t(`amendments.repairStatus.${proposal.status}`)}
          </Badge>
        </Group>
        {proposal.rounds.map((round, index) => (
          <Stack key={index} gap={2}>
            <Text size="sm" fw={600}>
              {t(index === 0 ? `amendments.round.proposed.${round.side}` : `amendments.round.countered.${round.side}`, { name: round.byName ?? '' })}
            </Text>
            <Stack component="ul" gap={2} m={0} pl="md">
              {round.repairs.map((repair, at) => (
                <Text component="li" size="sm" key={at} style={{ overflowWrap: 'anywhere' }}>
                  {repair}
                </Text>
              ))}
            </Stack>
            {round.message && (
              <Text size="sm" fs="italic">
                “{round.message}”
              </Text>
            )}
          </Stack>
        ))}
        {proposal.status === 'open' && !mine && <Text size="sm">{t(`amendments.awaiting.${proposal.awaiting ?? 'seller'}`)}</Text>}
        {proposal.status === 'declined' && (
          <Alert color="yellow" role="status" data-testid="repairs-declined-outcome">
            {proposal.resolutionEnds ? t('amendments.declinedOutcome', { date: formatCalendarDate(proposal.resolutionEnds, language) }) : t('amendments.declinedOutcomeUndated')}
          </Alert>
        )}
        {mine && last && (
          <Group gap="sm" wrap="wrap">
            <Button size="sm" onClick={() => send('accepted')} loading={answer.isPending && answer.variables?.answer === 'accepted'} disabled={answer.isPending}>
              {t('amendments.accept')}
            </Button>
            <Button size="sm" variant="default" onClick={() => setCountering(true)} disabled={answer.isPending}>
              {t('amendments.counter')}
            </Button>
            <Button size="sm" variant="default" color="red" onClick={() => send('declined')} loading={answer.isPending && answer.variables?.answer === 'declined'} disabled={answer.isPending}>
              {t('amendments.decline')}
            </Button>
          </Group>
        )}
      </Stack>
      {mine && last && <RepairsDialog offerId={offerId} mode={{ kind: 'counter', proposalId: proposal.id, start: last.repairs }} opened={countering} onClose={() => setCountering(false)} />}
    </Paper>
  )
}

type RepairsMode = { kind: 'propose' } | { kind: 'counter'; proposalId: string; start: string[] }

/** The buyer side's list of repairs, or a side's counter list, with a note to the other side. */
function RepairsDialog({ offerId, mode, opened, onClose }: { offerId: string; mode: RepairsMode; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [repairs, setRepairs] = useState<string[]>(mode.kind === 'counter' ? mode.start : [''])
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const propose = useProposeRepairs(offerId)
  const answer = useAnswerRepairs(offerId)
  const pending = propose.isPending || answer.isPending
  const close = () => {
    if (pending) return
    setError(undefined)
    onClose()
  }
  const submit = () => {
    const parsed = RepairListSchema.safeParse(repairs.map((repair) => repair.trim()).filter((repair) => repair !== ''))
    if (!parsed.success) return setError(translate((parsed.error.issues[0]?.message ?? 'amendment.repairsRequired') as MessageKey))
    const done = {
      onSuccess: () => {
        notifySuccess(t(mode.kind === 'propose' ? 'amendments.repairsSent' : 'amendments.answered.countered'))
        setMessage('')
        onClose()
      },
      onError: (failure: unknown) => setError(errorText(failure)),
    }
    if (mode.kind === 'propose') propose.mutate({ repairs: parsed.data, message: message.trim() }, done)
    else answer.mutate({ proposalId: mode.proposalId, answer: 'countered', repairs: parsed.data, message: message.trim() }, done)
  }
  return (
    <Modal opened={opened} onClose={close} title={t(mode.kind === 'propose' ? 'amendments.proposeRepairs' : 'amendments.counterTitle')} closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t(mode.kind === 'propose' ? 'amendments.repairsIntro' : 'amendments.counterIntro')}</Text>
          <RepairList
            label={t('amendments.field.repairs')}
            repairs={repairs}
            onChange={(next) => {
              setRepairs(next)
              setError(undefined)
            }}
            error={error}
            disabled={pending}
          />
          <Textarea label={t('amendments.message')} value={message} onChange={(event) => setMessage(event.currentTarget.value)} maxLength={AMENDMENT_LIMITS.maxMessage} autosize minRows={2} disabled={pending} />
          <DialogActions cancel={t('amendments.cancel')} onCancel={close} confirm={t(mode.kind === 'propose' ? 'amendments.sendRepairs' : 'amendments.sendCounter')} loading={pending} holdCancel />
        </Stack>
      </form>
    </Modal>
  )
}
