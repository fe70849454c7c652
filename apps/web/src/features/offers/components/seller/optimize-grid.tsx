import type { ReactNode } from 'react'
import { Anchor, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link } from '../../../../shared/navigation'
import { OFFER_WEIGHT_CRITERIA } from '@offerbook/domain/offer-weight-criteria'
import { formatMoney } from '../../../../shared/money'
import type { OfferCosts, OptimizeOffer, OptimizeResult } from '@offerbook/domain/offer-scoring'
import { OfferStatusBadge } from '../details/offer-status-badge'
import { NegotiationMarks } from '../negotiation/negotiation-marks'
import { sellerOfferPath } from './seller-offer-links'
import { aheadExplanation, formatPoints } from './seller-format'
import { buyerNamesText } from './buyer-names'
import { CriterionFigure } from './optimize-figures'
import { NetSheetLines, PriceCell, priceFitNote, rankLookup } from './net-sheet-lines'
import { zoneOf } from '../details/offer-format'

const COSTS: readonly (keyof OfferCosts)[] = ['concessions', 'commission', 'closingCosts', 'homeWarranty']

/** Wide enough for every column to stay readable; narrower screens scroll the grid sideways. */
const COLUMN_WIDTH = 220
const HEADER_WIDTH = 220
/** The row headers stay in view while the offers scroll sideways. */
const STICKY = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' } as const

function Row({ header, cells, strong = false }: { header: ReactNode; cells: ReactNode[]; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={strong ? 700 : 500} style={STICKY}>
        {header}
      </Table.Th>
      {cells.map((cell, index) => (
        <Table.Td key={index} fw={strong ? 700 : undefined}>
          {cell}
        </Table.Td>
      ))}
    </Table.Tr>
  )
}

/**
 * The open offers side by side, best first (GET /api/listings/:id/optimize): one column per offer,
 * a row per money figure and per criterion, and under each column why it sits above the next.
 */
export function OptimizeGrid({ result }: { result: OptimizeResult }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const offers: OptimizeOffer[] = [...result.offers].sort((a, b) => a.rank - b.rank)
  const usd = (amount: number) => formatMoney(amount, language)
  const minus = (amount: number) => (amount === 0 ? usd(0) : `−${usd(amount)}`)
  const listingId = result.property.id
  const rankOf = rankLookup(result)

  return (
    // Focusable and named, so a keyboard can scroll the grid when it is wider than the screen.
    <Table.ScrollContainer minWidth={HEADER_WIDTH + COLUMN_WIDTH * offers.length} type="native" tabIndex={0} role="region" aria-label={t('offerSeller.optimize.caption')}>
      <Table withTableBorder withColumnBorders verticalSpacing="sm" captionSide="top" layout="fixed" data-testid="optimize-grid">
        <Table.Caption ta="left">{t('offerSeller.optimize.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={HEADER_WIDTH} style={STICKY}>
              {t('offerSeller.optimize.corner')}
            </Table.Th>
            {offers.map((offer) => (
              <Table.Th key={offer.id} scope="col" w={COLUMN_WIDTH} data-testid="optimize-column" data-offer-id={offer.id} style={{ verticalAlign: 'top' }}>
                <Stack gap={6} align="flex-start">
                  <Text fw={800} size="lg">
                    {t('offerSeller.optimize.rank', { rank: offer.rank })}
                  </Text>
                  <Text fw={600}>{buyerNamesText(offer.buyerNames, t('offerSeller.optimize.noBuyers'))}</Text>
                  <OfferStatusBadge status={offer.status} size="sm" />
                  <NegotiationMarks offer={offer} timeZone={zoneOf(result.property)} />
                  <Text fw={700}>{t('offerSeller.optimize.score', { score: formatPoints(offer.score, language) })}</Text>
                  <Anchor component={Link} to={sellerOfferPath(listingId, offer.id)} size="sm">
                    {t('offerSeller.optimize.openOffer', { rank: offer.rank })}
                  </Anchor>
                </Stack>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Row header={t('offerSeller.optimize.price')} cells={offers.map((offer) => <PriceCell offer={offer} rankOf={rankOf} notSet={t('offer.field.notSet')} />)} />
          {COSTS.map((cost) => (
            <Row key={cost} header={t(`offerSeller.optimize.cost.${cost}`)} cells={offers.map((offer) => minus(offer.costs[cost]))} />
          ))}
          <Row header={t('netSheet.title')} cells={offers.map((offer) => <NetSheetLines lines={offer.lines} rankOf={rankOf} />)} />
          <Row strong header={t('offerSeller.optimize.net')} cells={offers.map((offer) => usd(offer.netToSeller))} />
        </Table.Tbody>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="rowgroup" colSpan={offers.length + 1} bg="var(--mantine-color-gray-1)">
              {t('offerSeller.optimize.criteriaHeading')}
            </Table.Th>
          </Table.Tr>
          {OFFER_WEIGHT_CRITERIA.map((criterion) => (
            <Row
              key={criterion}
              header={t('offerSeller.optimize.criterionWeight', { criterion: t(`listing.criterion.${criterion}`), weight: result.weighting.weights[criterion] })}
              cells={offers.map((offer) => (
                <CriterionFigure offer={offer} criterion={criterion} weighting={result.weighting} />
              ))}
            />
          ))}
          <Row
            header={t('offerSeller.optimize.why')}
            cells={offers.map((offer, index) => (
              <Text size="sm" data-testid="optimize-why">
                {[aheadExplanation(offer, offers[index + 1], offers.length, t, language), priceFitNote(offer, result.property.listPrice, t, language)].filter(Boolean).join(' ')}
              </Text>
            ))}
          />
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
