import { Suspense, useState } from 'react'
import { Button } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OptimizeOffer } from '@offerbook/domain/offer-scoring'
import { lazyPart } from '../../../../shared/lazy-part'
import { InlineLoader } from '../../../../shared/ui/centered-loader'

const loadModal = () => import('./highest-best-modal')
const HighestBestModal = lazyPart(loadModal)

/**
 * From optimize: ask every open offer, or the chosen ones, for their highest and best by a deadline, in
 * one message. The dialog is fetched when the button is pointed at, focused or pressed.
 */
export function HighestBestButton({ listingId, offers, timeZone }: { listingId: string; offers: readonly OptimizeOffer[]; timeZone: string }) {
  const { t } = useTranslation()
  const [opened, setOpened] = useState(false)
  // Mounted from the first press on, so the dialog keeps its closing transition and what was typed.
  const [mounted, setMounted] = useState(false)

  if (offers.length === 0) return null
  return (
    <>
      <Button
        variant="default"
        onPointerEnter={() => void loadModal()}
        onFocus={() => void loadModal()}
        onClick={() => {
          setMounted(true)
          setOpened(true)
        }}
      >
        {t('negotiation.best.action')}
      </Button>
      {mounted && (
        <Suspense fallback={<InlineLoader />}>
          <HighestBestModal opened={opened} onClose={() => setOpened(false)} listingId={listingId} offers={offers} timeZone={timeZone} />
        </Suspense>
      )}
    </>
  )
}
