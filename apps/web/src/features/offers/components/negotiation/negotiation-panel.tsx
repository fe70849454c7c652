import { Suspense, useState } from 'react'
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OfferView } from '@offerbook/domain/offer'
import { formatMoney } from '../../../../shared/money'
import { notifyError, notifySuccess } from '../../../../shared/notify'
import { useAnswerCounter, useVerifyPreApproval } from '../../api/negotiation'
import { formatInstant, zoneOf } from '../details/offer-format'
import { AgreementPreview } from './agreement-preview'
import { PreApprovalBadge } from './pre-approval-badge'
import { TermChanges, useVersionChanged } from './version-changes'
import type { ClausePickers } from '../editor/clause-sections'
import { lazyPart } from '../../../../shared/lazy-part'
import { InlineLoader } from '../../../../shared/ui/centered-loader'
import { hasNegotiationContent } from './negotiation-content'

/** The counter-offer form, with the editor's sections it reuses: fetched when a side counters. */
const loadCounterForm = () => import('./counter-form')
const CounterForm = lazyPart(() => loadCounterForm().then((module) => ({ default: module.CounterForm })))
/** Pointing at or focusing a counter button starts fetching the form. */
const counterIntent = { onPointerEnter: () => void loadCounterForm(), onFocus: () => void loadCounterForm() }

function PreApproval({ offer }: { offer: OfferView }) {
  const { t } = useTranslation()
  const verify = useVerifyPreApproval(offer.id)
  if (!offer.attachments.some((attachment) => attachment.kind === 'pre-approval')) return null
  const verified = offer.negotiation.preApprovalVerifiedAt !== null
  return (
    <Group gap="sm">
      <PreApprovalBadge state={verified ? 'verified' : 'pre-approved'} />
      {offer.viewer === 'seller' && !verified && (
        <Button size="xs" variant="default" loading={verify.isPending} onClick={() => verify.mutate(undefined, { onSuccess: () => notifySuccess('negotiation.preApproval.done'), onError: notifyError })}>
          {t('negotiation.preApproval.verify')}
        </Button>
      )}
    </Group>
  )
}

/**
 * The offer's negotiation on either side's page (decision 029): whose turn it is, the open
 * highest-and-best request, the last counter-offer as a difference from the version before, the
 * versions' history, and the viewer's answers (Counter; Accept / Decline / Counter back).
 */
export function NegotiationPanel({ offer, pickers }: { offer: OfferView; pickers: ClausePickers }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const [countering, setCountering] = useState(false)
  const answer = useAnswerCounter(offer.id)
  const versionChanged = useVersionChanged()
  const { negotiation } = offer
  const versions = negotiation.versions
  const latest = versions.at(-1)
  const previous = versions.at(-2)
  const side = offer.viewer === 'link' ? null : offer.viewer
  const canCounter = offer.actions.includes('counter')
  const myTurn = side !== null && negotiation.turn === side && offer.status === 'countered'

  const reply = (choice: 'accept' | 'decline') =>
    answer.mutate(
      { answer: choice, version: negotiation.version },
      { onSuccess: () => notifySuccess(choice === 'accept' ? 'negotiation.answer.accepted' : 'negotiation.answer.declined'), onError: (error) => void (versionChanged(error, offer) || notifyError(error)) },
    )

  const escalation = offer.terms.escalation
  if (!hasNegotiationContent(offer)) return null

  return (
    <Paper withBorder p="md" maw={960} w="100%" component="section" aria-labelledby="negotiation-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="negotiation-title">
          {t('negotiation.title')}
        </Title>
        <PreApproval offer={offer} />
        {escalation && escalation.increment !== null && escalation.cap !== null && (
          <Text size="sm">
            {`${t('negotiation.escalation.section')}: ${t('negotiation.escalation.summary', { increment: formatMoney(escalation.increment, language), cap: formatMoney(escalation.cap, language) })}`}
          </Text>
        )}
        {offer.status === 'countered' && negotiation.turn && (
          <Text fw={600} data-testid="negotiation-turn">
            {myTurn ? t('negotiation.turn.yours') : t(`negotiation.turn.${negotiation.turn}`)}
          </Text>
        )}
        {negotiation.bestRequest && (
          <Alert color="blue" title={t('negotiation.best.title', { deadline: formatInstant(negotiation.bestRequest.deadline, language, offer.property.timeZone) })}>
            {negotiation.bestRequest.message}
          </Alert>
        )}
        {latest && previous && (
          <Stack gap="xs">
            <Text>
              {t(latest.kind === 'revision' ? 'negotiation.latest.revision' : `negotiation.latest.${latest.side}`, { number: latest.number })}
              {latest.message ? ` “${latest.message}”` : ''}
            </Text>
            <TermChanges
              before={previous.terms}
              after={latest.terms}
              label={t('negotiation.difference.label', { before: previous.number, after: latest.number })}
              beforeLabel={t('negotiation.version', { number: previous.number })}
              afterLabel={t('negotiation.version', { number: latest.number })}
              timeZone={zoneOf(offer.property)}
            />
          </Stack>
        )}
        <Group gap="sm">
          {canCounter && side === 'seller' && offer.status !== 'countered' && <Button {...counterIntent} onClick={() => setCountering(true)}>{t('negotiation.action.counter')}</Button>}
          {canCounter && offer.status === 'countered' && side === 'seller' && <Button {...counterIntent} onClick={() => setCountering(true)}>{t('negotiation.action.counterAgain')}</Button>}
          {offer.actions.includes('acceptCounter') && (
            <Button color="teal.9" loading={answer.isPending && answer.variables?.answer === 'accept'} onClick={() => reply('accept')}>
              {t('negotiation.action.acceptCounter')}
            </Button>
          )}
          {offer.actions.includes('declineCounter') && (
            <Button color="red.9" variant="outline" loading={answer.isPending && answer.variables?.answer === 'decline'} onClick={() => reply('decline')}>
              {t('negotiation.action.declineCounter')}
            </Button>
          )}
          {canCounter && side === 'buyer' && (
            <Button {...counterIntent} variant="default" onClick={() => setCountering(true)}>
              {t('negotiation.action.counterBack')}
            </Button>
          )}
        </Group>
        {versions.length > 0 && (
          <Stack gap={4} component="section" aria-label={t('negotiation.history')}>
            <Title order={3} size="h4">
              {t('negotiation.history')}
            </Title>
            <ol style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
              {versions.map((version) => (
                <li key={version.number}>
                  {t(version.kind === 'counter' ? `negotiation.historyItem.${version.side}` : `negotiation.historyItem.${version.kind}`, { number: version.number, date: formatInstant(version.createdAt, language, offer.property.timeZone) })}
                  {version.terms.purchasePrice !== null && ` · ${formatMoney(version.terms.purchasePrice, language)}`}
                  {version.message && ` · “${version.message}”`} <AgreementPreview offerId={offer.id} version={version.number} />
                </li>
              ))}
            </ol>
          </Stack>
        )}
      </Stack>
      {countering && (
        <Suspense fallback={<InlineLoader />}>
          <CounterForm offer={offer} opened={countering} onClose={() => setCountering(false)} pickers={pickers} />
        </Suspense>
      )}
    </Paper>
  )
}
