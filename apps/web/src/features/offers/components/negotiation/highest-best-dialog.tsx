import { useState } from 'react'
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OptimizeOffer } from '@offerbook/domain/offer-scoring'
import { NEGOTIATION_LIMITS } from '@offerbook/domain/offer-negotiation'
import { formatMoney } from '../../../../shared/money'
import { errorText } from '../../../../shared/i18n/messages'
import { notifySuccess } from '../../../../shared/notify'
import { ZonedDateTimeInput } from '../../../../shared/ui/zoned-date-time-input'
import { useAskHighestAndBest } from '../../api/negotiation'
import { buyerNamesText } from '../seller/optimize-grid'

/** From optimize: ask every open offer, or the chosen ones, for their highest and best by a deadline, in one message. */
export function HighestBestButton({ listingId, offers, timeZone }: { listingId: string; offers: readonly OptimizeOffer[]; timeZone: string }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const [opened, setOpened] = useState(false)
  const [chosen, setChosen] = useState<string[]>(() => offers.map((offer) => offer.id))
  const [deadline, setDeadline] = useState<string | null>(null)
  const [message, setMessage] = useState('')
  const ask = useAskHighestAndBest(listingId)

  const send = () => {
    ask.mutate(
      // Each offer at the version shown here (decision 036): one that moved on since refuses the request.
      { offerIds: chosen, deadline: deadline ?? '', message, versions: Object.fromEntries(offers.map((offer) => [offer.id, offer.version ?? 1])) },
      {
        onSuccess: (result) => {
          notifySuccess(t('negotiation.best.sent', { count: result.offerIds.length }))
          setOpened(false)
        },
      },
    )
  }

  if (offers.length === 0) return null
  return (
    <>
      <Button
        variant="default"
        onClick={() => {
          setChosen(offers.map((offer) => offer.id))
          setOpened(true)
        }}
      >
        {t('negotiation.best.action')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('negotiation.best.dialogTitle')} size="lg" closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
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
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('negotiation.best.cancel')}
            </Button>
            <Button onClick={send} loading={ask.isPending} disabled={chosen.length === 0}>
              {t('negotiation.best.send', { count: chosen.length })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}
