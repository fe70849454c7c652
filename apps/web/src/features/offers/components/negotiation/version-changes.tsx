import { useEffect, useState } from 'react'
import { Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../../../shared/i18n/translation'
import { loadOfferRules, useOfferRules } from '../editor/offer-rules'
import { moduleBeside } from '../../../../shared/module-beside'
import type { TermChangesProps } from './term-changes-table'
import { allowedOfferActions, effectiveOfferStatus } from '@offerbook/domain/offer-status'
import { ApiClientError } from '../../../../shared/api-client'
import { useDialog } from '../../../../shared/ui/app-dialog'
import { zoneOf } from '../details/offer-format'
import { offerKeys } from '../../../../shared/query-keys'
import type { OfferView } from '@offerbook/domain/offer'
import { InlineLoader } from '../../../../shared/ui/centered-loader'

/** The table of differences, with Mantine's Table: beside the page, as the rules it shows are. */
const termChangesTable = moduleBeside(() => import('./term-changes-table'))

/**
 * The difference of two versions, term by term and clause by clause (decision 051): one row per
 * change, old and new. `timeZone`: the property's, in which the expiration is written. The table
 * (term-changes-table.tsx) and the differences (the offer's rules) arrive just after the page.
 */
export function TermChanges(props: TermChangesProps) {
  // Drawn on an offer page's first screen (the latest change): the rules are asked at once.
  const rules = useOfferRules(true)
  const table = termChangesTable.use()
  if (!rules || !table) return <InlineLoader />
  return <table.TermChangesTable rules={rules} {...props} />
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
