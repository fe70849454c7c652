import { useEffect, useState } from 'react'
import { Loader, Stack, Table, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { Translate } from '../../../../shared/i18n/translation'
import { formatMoney } from '../../../../shared/money'
import type { OfferTerms, OfferView } from '@offerbook/domain/offer'
import type { ClauseFieldKind } from '@offerbook/domain/clauses/fields'
import type { ChoiceGroup, TermDifference, TermValue } from '@offerbook/domain/offer-differences'
import { loadOfferRules, useOfferRules } from '../editor/offer-rules'
import { allowedOfferActions, effectiveOfferStatus } from '@offerbook/domain/offer-status'
import { ApiClientError } from '../../../../shared/api-client'
import { fieldLabelKey } from '../../../../shared/i18n/clause-labels'
import { useDialog } from '../../../../shared/ui/app-dialog'
import { DataTable } from '../../../../shared/ui/data-table'
import { formatCalendarDate, formatInstant, zoneOf } from '../details/offer-format'
import { offerKeys } from '../../../../shared/query-keys'

/** A term's value as the difference writes it in the reader's language; '-' for a value not given. */
function valueText(value: TermValue, t: Translate, language: string, timeZone?: string): string {
  switch (value.type) {
    case 'money':
      return value.value === null ? '-' : formatMoney(value.value, language)
    case 'days':
      return value.value === null ? '-' : t('negotiation.days', { count: value.value })
    case 'date':
      return value.value ? formatCalendarDate(value.value, language) : '-'
    case 'instant':
      return value.value ? formatInstant(value.value, language, timeZone) : '-'
    case 'yesNo':
      return value.value === null ? '-' : t(value.value ? 'negotiation.revision.yes' : 'negotiation.revision.no')
    case 'choice':
      return value.value === null ? '-' : t(`${CHOICE_LABELS[value.group]}.${value.value}`)
    case 'text':
      return value.value.trim() === '' ? '-' : value.value
    case 'concession':
      if (value.value.amount === null) return '-'
      return value.value.unit === 'percent' ? `${value.value.amount}%` : formatMoney(value.value.amount, language)
  }
}

const CHOICE_LABELS: Record<ChoiceGroup, string> = { financing: 'offer.financing', holder: 'offer.holder', possession: 'offer.possession', warrantyPayer: 'offer.warrantyPayer' }

/** A clause field's printed value with its unit: '21 days', '3%', '$9,000'. */
function clauseValueText(kind: ClauseFieldKind, value: string, t: Translate): string {
  if (value === '') return '-'
  if (kind === 'days' && /^\d+$/.test(value)) return t('negotiation.days', { count: Number(value) })
  if (kind === 'percent') return `${value}%`
  if (kind === 'dollars') return `$${value}`
  return value
}

type Row = { key: string; name: string; before: string; after: string }

/** Each difference as a row of the table: what, then old and new, in the reader's language. */
function differenceRow(difference: TermDifference, t: Translate, language: string, timeZone?: string): Row {
  if (difference.kind === 'term') {
    return { key: difference.path, name: t(`negotiation.term.${difference.path.replace('.', '_')}`), before: valueText(difference.before, t, language, timeZone), after: valueText(difference.after, t, language, timeZone) }
  }
  const clause = t(`negotiation.clause.${difference.set}`, { key: difference.clause.key, title: difference.clause.title })
  if (difference.kind === 'clause') {
    const added = difference.change === 'added'
    return {
      key: `${difference.set}.${difference.clause.key}`,
      name: t(`negotiation.clause.${difference.change}`, { clause }),
      before: added ? '-' : t('negotiation.clause.included'),
      after: added ? t('negotiation.clause.included') : t('negotiation.clause.struckValue'),
    }
  }
  const label = t(fieldLabelKey(difference.clause, difference.field), { defaultValue: difference.field.label })
  return {
    key: `${difference.set}.${difference.field.name}`,
    name: t('negotiation.clause.field', { clause, field: label }),
    before: clauseValueText(difference.field.kind, difference.before, t),
    after: clauseValueText(difference.field.kind, difference.after, t),
  }
}

/**
 * The difference of two versions, term by term and clause by clause (decision 051): one row per
 * change, old and new. `timeZone`: the property's, in which the expiration is written.
 */
export function TermChanges({ before, after, label, beforeLabel, afterLabel, timeZone }: { before: OfferTerms; after: OfferTerms; label: string; beforeLabel?: string; afterLabel?: string; timeZone?: string }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  // The differences are the offer's rules' (offer-rules.ts), which arrive just after the page.
  const rules = useOfferRules()
  if (!rules) return <Loader size="sm" aria-label={t('common.loading')} />
  const rows = rules.termDifferences(before, after).map((difference) => differenceRow(difference, t, language, timeZone))
  if (rows.length === 0) return <Text>{t('negotiation.revision.noChange')}</Text>
  return (
    <DataTable
      minWidth={420}
      withTableBorder
      striped
      aria-label={label}
      data-testid="term-changes"
      columns={[t('negotiation.difference.term'), beforeLabel ?? t('negotiation.revision.was'), afterLabel ?? t('negotiation.revision.now')]}
      items={rows}
      row={(row) => (
        <Table.Tr key={row.key} data-term={row.key}>
          <Table.Th scope="row">{row.name}</Table.Th>
          <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{row.before}</Table.Td>
          <Table.Td fw={700} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {row.after}
          </Table.Td>
        </Table.Tr>
      )}
    />
  )
}

/**
 * An answer refused with offer.versionChanged (decision 036): the dialog 'This offer changed while you
 * were looking at it' with each changed term, old → new; on closing it, the page reads the offer
 * again and shows the new version to act on. Returns whether the error was that one.
 */
export function useVersionChanged(): (error: unknown, offer: OfferView) => boolean {
  const { t } = useTranslation()
  const dialog = useDialog()
  const queryClient = useQueryClient()
  return (error, offer) => {
    if (!(error instanceof ApiClientError) || error.detail.key !== 'offer.versionChanged') return false
    const current = error.current as { version?: unknown; terms?: unknown } | undefined
    const version = typeof current?.version === 'number' ? current.version : null
    void loadOfferRules()
      .then((rules) => {
        const terms = rules.readTerms(current?.terms)
        return dialog.alert({
          title: t('negotiation.versionChanged.title'),
          message: (
            <Stack gap="sm" data-testid="version-changed">
              <Text>{t('negotiation.versionChanged.message', { before: offer.negotiation.version, after: version ?? '?' })}</Text>
              {terms && <TermChanges before={offer.terms} after={terms} label={t('negotiation.versionChanged.changes')} timeZone={zoneOf(offer.property)} />}
            </Stack>
          ),
          closeLabel: t('negotiation.versionChanged.review'),
        })
      })
      .then(() => queryClient.invalidateQueries({ queryKey: offerKeys.one(offer.id) }))
    return true
  }
}

/** setTimeout takes at most 2^31 - 1 ms; a later expiration is looked at again then. */
const LONGEST_WAIT_MS = 2_147_483_647

/**
 * The offer as of now (decision 036): an open offer whose expiration passes while the page is open
 * turns expired at that instant, with no answer left but its buyer side's renewal, without a reload.
 */
export function useOfferAsOfNow(offer: OfferView | undefined): OfferView | undefined {
  const [now, setNow] = useState(() => Date.now())
  const expiresAt = offer?.terms.expiresAt ? Date.parse(offer.terms.expiresAt) : null
  useEffect(() => {
    if (expiresAt === null || !Number.isFinite(expiresAt) || expiresAt <= now) return
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(expiresAt - Date.now() + 50, LONGEST_WAIT_MS))
    return () => window.clearTimeout(timer)
  }, [expiresAt, now])
  if (!offer) return offer
  const status = effectiveOfferStatus(offer.status, offer.terms.expiresAt, new Date(now))
  if (status === offer.status) return offer
  const side = offer.viewer === 'link' ? null : offer.viewer
  return { ...offer, status, actions: side ? allowedOfferActions(status, side) : [] }
}
