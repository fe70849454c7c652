import { Button, Modal, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OptimizeOffer, OptimizeResult } from '@offerbook/domain/offer-scoring'
import { buyerNamesText } from './buyer-names'
import { optimizeFigures, rankedOffers } from './optimize-figures'
import { formatPoints } from './seller-format'

/** The chosen offers side by side: a column per offer, a row per figure. */
function CompareTable({ result, chosen }: { result: OptimizeResult; chosen: readonly OptimizeOffer[] }) {
  const { t, i18n } = useTranslation()
  const offers = rankedOffers(result)
  const figures = optimizeFigures(result, t, i18n.language)
  return (
    <Table withTableBorder withColumnBorders verticalSpacing={6} horizontalSpacing={6} layout="fixed" fz="sm" data-testid="optimize-compare">
      <Table.Caption>{t('offerCompare.caption', { offers: chosen.map((offer) => t('offerSeller.optimize.rank', { rank: offer.rank })).join(', ') })}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w="28%">
            {t('offerSeller.optimize.corner')}
          </Table.Th>
          {chosen.map((offer) => (
            <Table.Th key={offer.id} scope="col" style={{ verticalAlign: 'top' }}>
              <Text fw={800}>{t('offerSeller.optimize.rank', { rank: offer.rank })}</Text>
              <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {buyerNamesText(offer.buyerNames, t('offerSeller.optimize.noBuyers'))}
              </Text>
              <Text size="xs">{t('offerSeller.optimize.score', { score: formatPoints(offer.score, i18n.language) })}</Text>
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {figures.map((figure) => (
          <Table.Tr key={figure.key}>
            <Table.Th scope="row" fw={figure.strong ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
              {figure.label}
            </Table.Th>
            {chosen.map((offer) => (
              <Table.Td key={offer.id} fw={figure.strong ? 700 : undefined} style={{ overflowWrap: 'anywhere', verticalAlign: 'top' }}>
                {figure.value(offer, offers.indexOf(offer))}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** The comparison of the offers chosen on the phone's cards (optimize-cards.tsx), full screen: a chunk of its own. */
export default function OptimizeCompare({ opened, onClose, result, chosen }: { opened: boolean; onClose: () => void; result: OptimizeResult; chosen: readonly OptimizeOffer[] }) {
  const { t } = useTranslation()
  return (
    <Modal opened={opened} onClose={onClose} title={t('offerCompare.title')} fullScreen padding="sm" closeButtonProps={{ 'aria-label': t('offerCompare.close') }}>
      <Stack gap="md">
        <CompareTable result={result} chosen={chosen} />
        <Button variant="default" onClick={onClose}>
          {t('offerCompare.close')}
        </Button>
      </Stack>
    </Modal>
  )
}
