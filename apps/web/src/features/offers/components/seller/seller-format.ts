import type { Translate } from '../../../../shared/i18n/translation'
import type { OfferWeightCriterion } from '@offerbook/domain/listing'
import { formatMoney } from '../../../../shared/money'
import type { OptimizeOffer, OptimizeResult } from '@offerbook/domain/offer-scoring'
import { formatCalendarDate } from '../details/offer-format'
import { numberFormat } from '@offerbook/domain/intl-formats'

/** Score points with one decimal, as the grid and its explanations show them. */
export function formatPoints(points: number, language: string, { signed = false }: { signed?: boolean } = {}): string {
  return numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: signed ? 'exceptZero' : 'auto' }).format(points)
}

/** A criterion's measure as the seller reads it: dollars, a share of the price, a count, days, a date. */
export function criterionMeasure(offer: OptimizeOffer, criterion: OfferWeightCriterion, weighting: OptimizeResult['weighting'], t: Translate, language: string): string {
  const measure = offer.criteria.find((entry) => entry.criterion === criterion)?.measure ?? null
  switch (criterion) {
    case 'netToSeller':
    case 'earnestMoney':
    case 'concessions':
      return formatMoney(measure ?? 0, language)
    case 'financingCertainty':
      return offer.financingType === null ? t('offer.field.notSet') : t(`offer.financing.${offer.financingType}`)
    case 'downPayment':
      return t('offerSeller.optimize.measure.downPayment', { percent: numberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(measure ?? 0) })
    case 'contingencies':
      return t('offerSeller.optimize.measure.contingencies', { count: measure ?? 0 })
    case 'inspectionPeriod':
      if (measure === null) return t('offer.field.notSet')
      return measure === 0 ? t('offer.field.waived') : t('offerSeller.optimize.measure.days', { count: measure })
    case 'closingDateFit': {
      if (offer.closingDate === null) return t('offerSeller.optimize.measure.noClosing')
      const date = formatCalendarDate(offer.closingDate, language)
      if (weighting.wantedClosingDate === null || measure === null) return t('offerSeller.optimize.measure.closingNoWanted', { date })
      return measure === 0 ? t('offerSeller.optimize.measure.closingOnDate', { date }) : t('offerSeller.optimize.measure.closingFromDate', { date, count: measure })
    }
    case 'preApproval':
      return measure === 1 ? t('offer.field.yes') : t('offer.field.no')
    case 'escalation':
      if (measure === null || !offer.escalation || offer.escalation.increment === null || offer.escalation.cap === null) return t('negotiation.escalation.none')
      return t('negotiation.escalation.summary', { increment: formatMoney(offer.escalation.increment, language), cap: formatMoney(offer.escalation.cap, language) })
  }
}

/** A criterion's label in the middle of a sentence ("net to seller +2.1"). */
function inSentence(label: string, language: string): string {
  return label.charAt(0).toLocaleLowerCase(language) + label.slice(1)
}

/** Why an offer sits above the next one: its lead and the criteria where it gains most. */
export function aheadExplanation(offer: OptimizeOffer, next: OptimizeOffer | undefined, total: number, t: Translate, language: string): string {
  if (!next || offer.leadOverNext === null) return total === 1 ? t('offerSeller.optimize.only') : t('offerSeller.optimize.last')
  if (offer.leadOverNext <= 0 || offer.aheadOfNext.length === 0) return t('offerSeller.optimize.tied', { next: next.rank })
  const reasons = offer.aheadOfNext
    .map((entry) => t('offerSeller.optimize.aheadReason', { criterion: inSentence(t(`listing.criterion.${entry.criterion}`), language), points: formatPoints(entry.points, language, { signed: true }) }))
    .join(', ')
  return t('offerSeller.optimize.ahead', { next: next.rank, lead: formatPoints(offer.leadOverNext, language), reasons })
}
