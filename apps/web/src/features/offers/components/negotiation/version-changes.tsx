import { useEffect, useState } from 'react'
import { Stack, Table, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { formatUsd } from '@offerbook/domain/money'
import type { OfferTerms, OfferView } from '@offerbook/domain/offer'
import { OfferTermsSchema } from '@offerbook/domain/offer'
import { COUNTER_TERMS, differingTerms } from '@offerbook/domain/offer-negotiation'
import type { CounterTerm } from '@offerbook/domain/offer-negotiation'
import { allowedOfferActions, effectiveOfferStatus } from '@offerbook/domain/offer-status'
import { ApiClientError } from '../../../../shared/api-client'
import { useDialog } from '../../../../shared/ui/app-dialog'
import { formatCalendarDate, formatInstant, zoneOf } from '../details/offer-format'
import { offerKeys } from '../../../../shared/query-keys'

/** A term of a version as the difference shows it. */
export function termText(terms: OfferTerms, term: CounterTerm, t: TFunction, language: string, timeZone?: string): string {
  switch (term) {
    case 'purchasePrice':
      return terms.purchasePrice === null ? '-' : formatUsd(terms.purchasePrice, language)
    case 'earnestMoney':
      return terms.earnestMoney.amount === null ? '-' : formatUsd(terms.earnestMoney.amount, language)
    case 'closingDate':
      return terms.closingDate ? formatCalendarDate(terms.closingDate, language) : '-'
    case 'inspectionPeriodDays':
      return terms.inspectionPeriodDays === null ? '-' : t('negotiation.days', { count: terms.inspectionPeriodDays })
    case 'sellerConcessions':
      if (terms.sellerConcessions.amount === null) return '-'
      return terms.sellerConcessions.unit === 'percent' ? `${terms.sellerConcessions.amount}%` : formatUsd(terms.sellerConcessions.amount, language)
    case 'stipulations':
      return terms.stipulations.trim() === '' ? '-' : terms.stipulations
    case 'expiresAt':
      return terms.expiresAt ? formatInstant(terms.expiresAt, language, timeZone) : '-'
  }
}

const isCounterTerm = (field: string): field is CounterTerm => (COUNTER_TERMS as readonly string[]).includes(field)

/** Any term's value in a line: the counter terms as the difference writes them, the others plainly. */
function anyTermText(terms: OfferTerms, field: keyof OfferTerms, t: TFunction, language: string, timeZone?: string): string {
  if (isCounterTerm(field)) return termText(terms, field, t, language, timeZone)
  const value = terms[field]
  if (value === null) return '-'
  if (typeof value === 'boolean') return t(value ? 'negotiation.revision.yes' : 'negotiation.revision.no')
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  return t('negotiation.revision.edited')
}

function termLabel(field: keyof OfferTerms, t: TFunction, exists: (key: string) => boolean): string {
  if (isCounterTerm(field)) return t(`negotiation.term.${field}`)
  return exists(`offer.field.${field}`) ? t(`offer.field.${field}`) : t('negotiation.revision.otherTerm', { term: field })
}

/** Each term that differs between two versions of the terms: old → new. */
/** `timeZone`: the property's, in which the expiration is written. */
export function TermChanges({ before, after, label, timeZone }: { before: OfferTerms; after: OfferTerms; label: string; timeZone?: string }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const changed = differingTerms(before, after)
  if (changed.length === 0) return <Text>{t('negotiation.revision.noChange')}</Text>
  return (
    <Table withTableBorder aria-label={label} data-testid="term-changes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('negotiation.difference.term')}</Table.Th>
          <Table.Th scope="col">{t('negotiation.revision.was')}</Table.Th>
          <Table.Th scope="col">{t('negotiation.revision.now')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changed.map((field) => (
          <Table.Tr key={field} data-term={field}>
            <Table.Th scope="row">{termLabel(field, t, (key) => i18n.exists(key))}</Table.Th>
            <Table.Td>{anyTermText(before, field, t, language, timeZone)}</Table.Td>
            <Table.Td fw={700}>{anyTermText(after, field, t, language, timeZone)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
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
    const terms = OfferTermsSchema.safeParse(current?.terms)
    const version = typeof current?.version === 'number' ? current.version : null
    void dialog
      .alert({
        title: t('negotiation.versionChanged.title'),
        message: (
          <Stack gap="sm" data-testid="version-changed">
            <Text>{t('negotiation.versionChanged.message', { before: offer.negotiation.version, after: version ?? '?' })}</Text>
            {terms.success && <TermChanges before={offer.terms} after={terms.data} label={t('negotiation.versionChanged.changes')} timeZone={zoneOf(offer.property)} />}
          </Stack>
        ),
        closeLabel: t('negotiation.versionChanged.review'),
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
