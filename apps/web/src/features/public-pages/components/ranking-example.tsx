import { useMemo, useState } from 'react'
import { Alert, Badge, Button, Group, Paper, Progress, SimpleGrid, Slider, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { formatMoney } from '../../../shared/money'
import { DEFAULT_OFFER_WEIGHTS, OFFER_WEIGHT_CRITERIA } from '@offerbook/domain/offer-weight-criteria'
import type { OfferWeightCriterion } from '@offerbook/domain/offer-weight-criteria'
import type { Weights } from '../sample-offers'
import { rankSamples } from '../sample-offers'

function WeightSlider({ criterion, value, onChange }: { criterion: OfferWeightCriterion; value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation()
  return (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>
          {t(`listing.criterion.${criterion}`)}
        </Text>
        <Text size="sm" fw={700} aria-hidden>
          {value}
        </Text>
      </Group>
      <Slider
        min={0}
        max={10}
        step={1}
        value={value}
        onChange={onChange}
        label={null}
        thumbLabel={t(`listing.criterion.${criterion}`)}
        thumbValueText={(weight) => t('publicPages.example.weightValue', { value: weight })}
        mb={4}
      />
    </Stack>
  )
}

/**
 * The live example of /offers-optimized: the seller's ten weights as sliders, and three sample
 * offers ranked by domain's scoreOffers as the weights move. Loaded after the page (React.lazy).
 */
export default function RankingExample() {
  const { t, i18n } = useTranslation()
  const [weights, setWeights] = useState<Weights>({ ...DEFAULT_OFFER_WEIGHTS })
  const ranked = useMemo(() => rankSamples(weights), [weights])
  const allZero = OFFER_WEIGHT_CRITERIA.every((criterion) => weights[criterion] === 0)
  const name = (id: string) => t(`publicPages.example.offers.${id}.name`)
  const criterionNames = (criteria: readonly { criterion: OfferWeightCriterion }[]) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(criteria.map((entry) => t(`listing.criterion.${entry.criterion}`).toLowerCase()))

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" data-testid="ranking-example">
      <Paper withBorder radius="md" p="md" style={{ alignSelf: 'start' }}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h4">
              {t('publicPages.example.weightsTitle')}
            </Title>
            <Button variant="subtle" size="xs" onClick={() => setWeights({ ...DEFAULT_OFFER_WEIGHTS })}>
              {t('publicPages.example.reset')}
            </Button>
          </Group>
          {OFFER_WEIGHT_CRITERIA.map((criterion) => (
            <WeightSlider key={criterion} criterion={criterion} value={weights[criterion]} onChange={(value) => setWeights((current) => ({ ...current, [criterion]: value }))} />
          ))}
        </Stack>
      </Paper>

      <Stack gap="md">
        <Title order={3} size="h4" id="ranking-example-title">
          {t('publicPages.example.rankingTitle')}
        </Title>
        <VisuallyHidden aria-live="polite">{t('publicPages.example.rankingLive', { order: ranked.map((offer) => name(offer.id)).join(', ') })}</VisuallyHidden>
        {allZero && (
          <Alert color="yellow" variant="light">
            {t('publicPages.example.allZero')}
          </Alert>
        )}
        <Stack component="ol" aria-labelledby="ranking-example-title" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {ranked.map((offer) => {
            return (
              <Paper component="li" key={offer.id} withBorder radius="md" p="md" data-offer={offer.id} bd={offer.rank === 1 ? '2px solid var(--mantine-color-brand-6)' : undefined}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Badge variant={offer.rank === 1 ? 'filled' : 'light'} size="lg" circle>
                        <span aria-hidden>{offer.rank}</span>
                        <VisuallyHidden>{t('publicPages.example.rank', { rank: offer.rank })}</VisuallyHidden>
                      </Badge>
                      <Title order={4} size="h6" data-testid="ranked-offer-name">
                        {name(offer.id)}
                      </Title>
                    </Group>
                    <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {t('publicPages.example.score', { score: offer.score.toFixed(1) })}
                    </Text>
                  </Group>
                  <Progress value={offer.score} aria-hidden size="sm" />
                  <Text size="sm" c="gray.7">
                    {t(`publicPages.example.offers.${offer.id}.summary`)}
                  </Text>
                  <Text size="sm">{t('publicPages.example.net', { amount: formatMoney(offer.netToSeller, i18n.language) })}</Text>
                  <Text size="sm" c="gray.7">
                    {offer.leadOverNext === null
                      ? t('publicPages.example.last')
                      : offer.aheadOfNext.length > 0
                        ? t('publicPages.example.lead', { points: offer.leadOverNext.toFixed(1), criteria: criterionNames(offer.aheadOfNext) })
                        : null}
                  </Text>
                </Stack>
              </Paper>
            )
          })}
        </Stack>

        {/* On a narrow phone the table scrolls sideways; the keyboard can scroll it too (it takes the focus). */}
        <Table.ScrollContainer minWidth={320} type="native" tabIndex={0} role="region" aria-label={t('publicPages.example.pointsTitle')}>
          <Table striped fz="sm" captionSide="top">
            <Table.Caption>{t('publicPages.example.pointsTitle')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('publicPages.offersOptimized.criterionHeader')}</Table.Th>
                {ranked.map((offer) => (
                  <Table.Th key={offer.id} scope="col" ta="right">
                    {t('publicPages.example.column', { letter: offer.id.toUpperCase() })}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {OFFER_WEIGHT_CRITERIA.map((criterion, position) => (
                <Table.Tr key={criterion}>
                  <Table.Th scope="row" fw={400}>
                    {t(`listing.criterion.${criterion}`)}
                  </Table.Th>
                  {ranked.map((offer) => (
                    <Table.Td key={offer.id} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {t('publicPages.example.points', { points: (offer.criteria[position]?.points ?? 0).toFixed(1) })}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </SimpleGrid>
  )
}
