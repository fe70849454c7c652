import { startTransition, Suspense, useEffect, useState } from 'react'
import type { BoxProps } from '@mantine/core'
import { Anchor, Box, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconLayoutColumns } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link } from '../../../../shared/navigation'
import type { OptimizeOffer, OptimizeResult } from '@offerbook/domain/offer-scoring'
import { OfferStatusBadge } from '../details/offer-status-badge'
import { buyerNamesText } from './buyer-names'
import type { OptimizeFigure } from './optimize-figures'
import { optimizeFigures, rankedOffers } from './optimize-figures'
import { sellerOfferPath } from './seller-offer-links'
import { formatPoints } from './seller-format'
import { lazyPart } from '../../../../shared/lazy-part'
import { InlineLoader } from '../../../../shared/ui/centered-loader'

const loadCompare = () => import('./optimize-compare')
const OptimizeCompare = lazyPart(loadCompare)

/** At most this many offers side by side: more would not fit a phone's width. */
export const MAX_COMPARED = 3

function FigureRows({ figures, offer, index }: { figures: readonly OptimizeFigure[]; offer: OptimizeOffer; index: number }) {
  return (
    <Box component="dl" m={0}>
      {figures.map((figure) => (
        <Group
          key={figure.key}
          justify="space-between"
          align="flex-start"
          wrap="nowrap"
          gap="sm"
          py={6}
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)', ...(figure.group === 'why' ? { flexDirection: 'column' } : {}) }}
        >
          <Text component="dt" size="sm" fw={figure.strong ? 700 : 500} style={{ flex: '1 1 50%' }}>
            {figure.label}
          </Text>
          <Text component="dd" size="sm" m={0} fw={figure.strong ? 700 : undefined} ta={figure.group === 'why' ? 'left' : 'right'} style={{ flex: '1 1 50%', overflowWrap: 'anywhere' }}>
            {figure.value(offer, index)}
          </Text>
        </Group>
      ))}
    </Box>
  )
}

/** The money first, then the points by criterion under their heading, as the grid groups its rows. */
function FigureList({ figures, offer, index }: { figures: readonly OptimizeFigure[]; offer: OptimizeOffer; index: number }) {
  const { t } = useTranslation()
  return (
    <>
      <FigureRows figures={figures.filter((figure) => figure.group === 'money')} offer={offer} index={index} />
      <Text fw={700} size="sm" mt="sm" c="gray.8">
        {t('offerSeller.optimize.criteriaHeading')}
      </Text>
      <FigureRows figures={figures.filter((figure) => figure.group !== 'money')} offer={offer} index={index} />
    </>
  )
}

/** The cards drawn with the page; the rest right after, in a transition React breaks into short tasks. */
const FIRST_CARDS = 8

/**
 * The optimize grid as a phone shows it: one card per open offer, best first, with the grid's figures,
 * and a comparison of two or three chosen offers side by side.
 */
export function OptimizeCards({ result, ...box }: { result: OptimizeResult } & BoxProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const offers = rankedOffers(result)
  const figures = optimizeFigures(result, t, language)
  const listingId = result.property.id
  const [chosenIds, setChosenIds] = useState<string[]>([])
  const [comparing, setComparing] = useState(false)
  // The comparison is fetched when its button is pointed at, focused or pressed, and kept mounted after.
  const [compareMounted, setCompareMounted] = useState(false)
  const hintId = useId()
  const chosen = offers.filter((offer) => chosenIds.includes(offer.id))
  // Fifty offers' cards drawn at once held a phone's main thread for seconds; the first screen's come
  // first, and the others are drawn in a transition, which yields to a tap or a scroll between cards.
  const [drawn, setDrawn] = useState(FIRST_CARDS)
  useEffect(() => {
    if (offers.length > drawn) startTransition(() => setDrawn(offers.length))
  }, [offers.length, drawn])
  const toggle = (id: string, on: boolean) => setChosenIds((current) => (on ? [...current, id] : current.filter((other) => other !== id)))

  return (
    <Box {...box}>
      <Stack gap="md" data-testid="optimize-cards">
        {offers.length > 1 && (
          <Group justify="space-between" gap="xs" wrap="nowrap" pos="sticky" top={64} py="xs" bg="var(--mantine-color-body)" style={{ zIndex: 2 }}>
            <Text size="sm" id={hintId}>
              {t('offerCompare.hint', { max: MAX_COMPARED, count: chosen.length })}
            </Text>
            <Button size="sm" leftSection={<IconLayoutColumns size={16} aria-hidden />} disabled={chosen.length < 2}
              onPointerEnter={() => void loadCompare()}
              onFocus={() => void loadCompare()}
              onClick={() => {
                setCompareMounted(true)
                setComparing(true)
              }} aria-describedby={hintId} style={{ flexShrink: 0 }}>
              {t('offerCompare.open', { count: chosen.length })}
            </Button>
          </Group>
        )}
        {offers.slice(0, drawn).map((offer, index) => {
          const rank = t('offerSeller.optimize.rank', { rank: offer.rank })
          const isChosen = chosenIds.includes(offer.id)
          return (
            <Card key={offer.id} className="optimize-card" withBorder padding="md" radius="md" component="article" aria-label={t('offerCompare.card', { rank: offer.rank })} data-testid="optimize-card" data-offer-id={offer.id}>
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Stack gap={4} miw={0}>
                    <Title order={2} size="h3">
                      {rank}
                    </Title>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {buyerNamesText(offer.buyerNames, t('offerSeller.optimize.noBuyers'))}
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <OfferStatusBadge status={offer.status} size="sm" />
                    <Text fw={700}>{t('offerSeller.optimize.score', { score: formatPoints(offer.score, language) })}</Text>
                  </Stack>
                </Group>
                <FigureList figures={figures} offer={offer} index={index} />
                <Group justify="space-between" gap="sm" mt="xs">
                  <Anchor component={Link} to={sellerOfferPath(listingId, offer.id)} size="sm">
                    {t('offerSeller.optimize.openOffer', { rank: offer.rank })}
                  </Anchor>
                  {offers.length > 1 && (
                    <Checkbox
                      label={t('offerCompare.choose', { rank: offer.rank })}
                      checked={isChosen}
                      disabled={!isChosen && chosen.length >= MAX_COMPARED}
                      onChange={(event) => toggle(offer.id, event.currentTarget.checked)}
                    />
                  )}
                </Group>
              </Stack>
            </Card>
          )
        })}
      </Stack>
      {compareMounted && (
        <Suspense fallback={<InlineLoader />}>
          <OptimizeCompare opened={comparing && chosen.length >= 2} onClose={() => setComparing(false)} result={result} chosen={chosen} />
        </Suspense>
      )}
    </Box>
  )
}
