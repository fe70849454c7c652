import type { ReactNode } from 'react'
import { Stack, Text } from '@mantine/core'
import type { Translate } from '../../../../shared/i18n/translation'
import { useTranslation } from '../../../../shared/i18n/translation'
import { OFFER_WEIGHT_CRITERIA } from '@offerbook/domain/offer-weight-criteria'
import type { OfferWeightCriterion } from '@offerbook/domain/listing'
import { formatMoney } from '../../../../shared/money'
import type { OfferCosts, OptimizeOffer, OptimizeResult } from '@offerbook/domain/offer-scoring'
import { aheadExplanation, criterionMeasure, formatPoints } from './seller-format'
import { NetSheetLines, PriceCell, priceFitNote, rankLookup } from './net-sheet-lines'

const COSTS: readonly (keyof OfferCosts)[] = ['concessions', 'commission', 'closingCosts', 'homeWarranty']

/** One line of the ranking: its label (the grid's row header) and each offer's value. */
export type OptimizeFigure = {
  key: string
  label: string
  strong?: boolean
  /** The criteria come after the money, under their own heading. */
  group: 'money' | 'criteria' | 'why'
  value: (offer: OptimizeOffer, index: number) => ReactNode
}

/** The offers best first, as the grid shows them. */
export function rankedOffers(result: OptimizeResult): OptimizeOffer[] {
  return [...result.offers].sort((a, b) => a.rank - b.rank)
}

/**
 * The figures of the optimize grid's rows, for the phone's cards and their side-by-side comparison:
 * the same labels and the same values as the grid (optimize-grid.tsx), row for row.
 */
/** What an offer brings on one criterion, and the points that earns it. */
export function CriterionFigure({ offer, criterion, weighting }: { offer: OptimizeOffer; criterion: OfferWeightCriterion; weighting: OptimizeResult['weighting'] }) {
  const { t, i18n } = useTranslation()
  const points = offer.criteria.find((entry) => entry.criterion === criterion)?.points ?? 0
  return (
    <Stack gap={2}>
      <Text size="sm">{criterionMeasure(offer, criterion, weighting, t, i18n.language)}</Text>
      <Text size="sm" fw={700}>
        {t('offerSeller.optimize.points', { points: formatPoints(points, i18n.language) })}
      </Text>
    </Stack>
  )
}

export function optimizeFigures(result: OptimizeResult, t: Translate, language: string): OptimizeFigure[] {
  const offers = rankedOffers(result)
  const usd = (amount: number) => formatMoney(amount, language)
  const minus = (amount: number) => (amount === 0 ? usd(0) : `−${usd(amount)}`)
  const rankOf = rankLookup(result)
  return [
    { key: 'price', group: 'money', label: t('offerSeller.optimize.price'), value: (offer) => <PriceCell offer={offer} rankOf={rankOf} notSet={t('offer.field.notSet')} /> },
    ...COSTS.map((cost): OptimizeFigure => ({ key: `cost-${cost}`, group: 'money', label: t(`offerSeller.optimize.cost.${cost}`), value: (offer) => minus(offer.costs[cost]) })),
    { key: 'sheet', group: 'money', label: t('netSheet.title'), value: (offer) => <NetSheetLines lines={offer.lines} rankOf={rankOf} /> },
    { key: 'net', group: 'money', strong: true, label: t('offerSeller.optimize.net'), value: (offer) => usd(offer.netToSeller) },
    ...OFFER_WEIGHT_CRITERIA.map(
      (criterion): OptimizeFigure => ({
        key: `criterion-${criterion}`,
        group: 'criteria',
        label: t('offerSeller.optimize.criterionWeight', { criterion: t(`listing.criterion.${criterion}`), weight: result.weighting.weights[criterion] }),
        value: (offer) => <CriterionFigure offer={offer} criterion={criterion} weighting={result.weighting} />,
      }),
    ),
    {
      key: 'why',
      group: 'why',
      label: t('offerSeller.optimize.why'),
      value: (offer, index) => [aheadExplanation(offer, offers[index + 1], offers.length, t, language), priceFitNote(offer, result.property.listPrice, t, language)].filter(Boolean).join(' '),
    },
  ]
}
