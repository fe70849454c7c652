import { Stack, Text } from '@mantine/core'
import type { Translate } from '../../../../shared/i18n/translation'
import { useTranslation } from '../../../../shared/i18n/translation'
import { formatMoney } from '../../../../shared/money'
import type { NetSheetLine } from '@offerbook/domain/net-sheet'
import type { OptimizeOffer, OptimizeResult } from '@offerbook/domain/offer-scoring'
import { numberFormat } from '@offerbook/domain/intl-formats'

/** An offer's rank on the page, by its id; null when it is not among the open offers. */
export type RankOf = (id: string) => number | null

export function rankLookup(result: OptimizeResult): RankOf {
  const ranks = new Map(result.offers.map((offer) => [offer.id, offer.rank]))
  return (id) => ranks.get(id) ?? null
}

/** A net sheet line in words, with its source: 'Stipulation A: 3 % of price, capped at $10,000'. */
export function netLineText(line: NetSheetLine, t: Translate, language: string, rankOf: RankOf): string {
  const usd = (amount: number) => formatMoney(amount, language)
  const { params } = line
  const percent = numberFormat(language, { maximumFractionDigits: 2 }).format(params.percent ?? 0)
  const source = params.source ? t(`netSheet.source.${params.source}`) : ''
  switch (line.key) {
    case 'escalation': {
      const rank = params.over ? rankOf(params.over) : null
      if (rank === null) return t('netSheet.line.escalationNoRank', { amount: usd(line.amount) })
      return t(params.capped ? 'netSheet.line.escalationCapped' : 'netSheet.line.escalation', { rank, amount: usd(line.amount) })
    }
    case 'concessions':
    case 'buyerBrokerCompensation':
      return params.percent === undefined ? t(`netSheet.line.${line.key}`) : t(`netSheet.line.${line.key}Percent`, { percent })
    default:
      return t(`netSheet.line.${line.key}`, { source, clause: params.clause ?? '', percent, cap: usd(params.cap ?? 0), dollars: usd(params.dollars ?? 0) })
  }
}

/** What the seller pays shows with a minus sign; what she gets without. */
export function signedUsd(amount: number, language: string): string {
  return amount < 0 ? `−${formatMoney(-amount, language)}` : formatMoney(amount, language)
}

/** The net sheet's lines after the price, one to a line with its amount. */
export function NetSheetLines({ lines, rankOf }: { lines: readonly NetSheetLine[]; rankOf: RankOf }) {
  const { t, i18n } = useTranslation()
  const shown = lines.filter((line) => line.key !== 'basePrice' && line.key !== 'escalation')
  return (
    <Stack gap={2} data-testid="net-sheet-lines">
      {shown.map((line, index) => (
        <Text key={`${line.key}-${index}`} size="sm">
          {t('netSheet.lineAmount', { text: netLineText(line, t, i18n.language, rankOf), amount: signedUsd(line.amount, i18n.language) })}
        </Text>
      ))}
    </Stack>
  )
}

/** The effective price, and how an escalation clause reached it. */
export function PriceCell({ offer, rankOf, notSet }: { offer: OptimizeOffer; rankOf: RankOf; notSet: string }) {
  const { t, i18n } = useTranslation()
  if (offer.purchasePrice === null) return <>{notSet}</>
  const escalation = offer.lines.find((line) => line.key === 'escalation')
  return (
    <Stack gap={2}>
      <Text size="sm" fw={escalation ? 700 : undefined} inherit={!escalation}>
        {formatMoney(offer.price, i18n.language)}
      </Text>
      {escalation && (
        <Text size="xs" c="dimmed" data-testid="escalation-note">
          {netLineText(escalation, t, i18n.language, rankOf)}
        </Text>
      )}
    </Stack>
  )
}

/** Why the score is what it is against the list price, when the price cost it points. */
export function priceFitNote(offer: OptimizeOffer, listPrice: number | null, t: Translate, language: string): string | null {
  if (offer.priceFit >= 1 || !listPrice) return null
  const percent = (value: number) => numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value)
  return t('netSheet.priceFit', { percent: percent(offer.price / listPrice), kept: percent(offer.priceFit) })
}
