import { useState } from 'react'
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OptimizeOffer } from '@offerbook/domain/offer-scoring'
import { NEGOTIATION_LIMITS } from '@offerbook/domain/offer-values'
import { formatMoney } from '../../../../shared/money'
import { errorText } from '../../../../shared/i18n/messages'
import { ZonedDateTimeInput } from '../../../../shared/ui/zoned-date-time-input'
import { useAskHighestAndBest } from '../../api/negotiation'
import { notifySuccess } from '../../../../shared/notify'
import { buyerNamesText } from '../seller/buyer-names'

export type HighestBestModalProps = { opened: boolean; onClose: () => void; listingId: string; offers: readonly OptimizeOffer[]; timeZone: string }

/**
 * The highest-and-best request's dialog (highest-best-dialog.tsx), a chunk of its own with the date and
 * time input it needs. It stays mounted once opened: the deadline and message are kept between
 * openings, and each opening chooses every offer again.
 */
export default function HighestBestModal({ opened, onClose, listingId, offers, timeZone }: HighestBestModalProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const [chosen, setChosen] = useState<string[]>(() => offers.map((offer) => offer.id))
  const [wasOpened, setWasOpened] = useState(opened)
  const [deadline, setDeadline] = useState<string | null>(null)
  const [message, setMessage] = useState('')
  const ask = useAskHighestAndBest(listingId)

  if (opened !== wasOpened) {
    setWasOpened(opened)
    if (opened) setChosen(offers.map((offer) => offer.id))
  }

  const send = () => {
    ask.mutate(
      // Each offer at the version shown here (decision 036): one that moved on since refuses the request.
      { offerIds: chosen, deadline: deadline ?? '', message, versions: Object.fromEntries(offers.map((offer) => [offer.id, offer.version ?? 1])) },
      {
        onSuccess: (result) => {
          notifySuccess(t('negotiation.best.sent', { count: result.offerIds.length }))
          onClose()
        },
      },
    )
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('negotiation.best.dialogTitle')} size="lg" closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <Stack gap="sm">
        <Text size="sm">{t('negotiation.best.intro')}</Text>
        <Checkbox.Group label={t('negotiation.best.offers')} value={chosen} onChange={setChosen}>
          <Stack gap={4} mt={4}>
            {offers.map((offer) => (
              <Checkbox
                key={offer.id}
                value={offer.id}
                label={`${buyerNamesText(offer.buyerNames, t('offerSeller.optimize.noBuyers'))}${offer.purchasePrice === null ? '' : ` · ${formatMoney(offer.purchasePrice, language)}`}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <ZonedDateTimeInput label={t('negotiation.best.deadline')} value={deadline} onChange={setDeadline} timeZone={timeZone} futureOnly required />
        <Textarea label={t('negotiation.best.message')} value={message} onChange={(event) => setMessage(event.currentTarget.value)} maxLength={NEGOTIATION_LIMITS.maxMessage} autosize minRows={3} required />
        {ask.isError && (
          <Text role="alert" c="red.8">
            {errorText(ask.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('negotiation.best.cancel')}
          </Button>
          <Button onClick={send} loading={ask.isPending} disabled={chosen.length === 0}>
            {t('negotiation.best.send', { count: chosen.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
