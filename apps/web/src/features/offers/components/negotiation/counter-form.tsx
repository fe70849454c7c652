import { useState } from 'react'
import { Button, Grid, Group, Modal, NativeSelect, NumberInput, Stack, Textarea } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { OfferView } from '@offerbook/domain/offer'
import { CONCESSION_UNITS, OFFER_LIMITS } from '@offerbook/domain/offer'
import type { CounterTerms } from '@offerbook/domain/offer-negotiation'
import { NEGOTIATION_LIMITS } from '@offerbook/domain/offer-negotiation'
import { errorText, translate } from '../../../../shared/i18n/messages'
import { notifySuccess } from '../../../../shared/notify'
import { DateInput } from '../../../../shared/ui/date-input'
import { ZonedDateTimeInput } from '../../../../shared/ui/zoned-date-time-input'
import { useCounterOffer } from '../../api/negotiation'
import { useVersionChanged } from './version-changes'
import { zoneOf } from '../details/offer-format'

const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : value.trim() === '' ? null : Number(value))

/** The terms a counter-offer may change, prefilled with the latest version's; only the changed ones are sent. */
export function CounterForm({ offer, opened, onClose }: { offer: OfferView; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const terms = offer.terms
  const versionChanged = useVersionChanged()
  const counter = useCounterOffer(offer.id)
  const [price, setPrice] = useState<number | null>(terms.purchasePrice)
  const [earnest, setEarnest] = useState<number | null>(terms.earnestMoney.amount)
  const [closingDate, setClosingDate] = useState(terms.closingDate ?? '')
  const [inspection, setInspection] = useState<number | null>(terms.inspectionPeriodDays)
  const [concession, setConcession] = useState(terms.sellerConcessions)
  const [stipulations, setStipulations] = useState(terms.stipulations)
  const [expires, setExpires] = useState(terms.expiresAt)
  const [message, setMessage] = useState('')
  /** Sending a counter that changes nothing is refused here, before any request. */
  const [unchanged, setUnchanged] = useState(false)

  const changes = (): CounterTerms => {
    const out: CounterTerms = {}
    if (price !== null && price !== terms.purchasePrice) out.purchasePrice = price
    if (earnest !== null && earnest !== terms.earnestMoney.amount) out.earnestMoney = { amount: earnest }
    if (closingDate && closingDate !== terms.closingDate) out.closingDate = closingDate
    if (inspection !== null && inspection !== terms.inspectionPeriodDays) out.inspectionPeriodDays = inspection
    if (concession.amount !== terms.sellerConcessions.amount || concession.unit !== terms.sellerConcessions.unit) out.sellerConcessions = concession
    if (stipulations !== terms.stipulations) out.stipulations = stipulations
    if (expires && expires !== terms.expiresAt) out.expiresAt = expires
    return out
  }

  const send = () => {
    const changed = changes()
    setUnchanged(Object.keys(changed).length === 0)
    if (Object.keys(changed).length === 0) return
    counter.mutate(
      { terms: changed, message, version: offer.negotiation.version },
      {
        onSuccess: () => {
          notifySuccess('negotiation.counter.sent')
          onClose()
        },
        // Countering a version the offer moved on from: the difference is shown, the form closes on the new version.
        onError: (error) => {
          if (versionChanged(error, offer)) onClose()
        },
      },
    )
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('negotiation.counter.title')} size="lg" closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <Stack gap="sm">
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NumberInput label={t('offer.field.purchasePrice')} value={price ?? ''} onChange={(value) => setPrice(numberOrNull(value))} min={OFFER_LIMITS.minPrice} max={OFFER_LIMITS.maxPrice} prefix="$" thousandSeparator="," />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NumberInput label={t('offer.field.earnestMoneyAmount')} value={earnest ?? ''} onChange={(value) => setEarnest(numberOrNull(value))} min={0} max={OFFER_LIMITS.maxPrice} prefix="$" thousandSeparator="," />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateInput label={t('offer.field.closingDate')} value={closingDate} onChange={setClosingDate} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NumberInput label={t('negotiation.counter.inspectionDays')} value={inspection ?? ''} onChange={(value) => setInspection(numberOrNull(value))} min={0} max={OFFER_LIMITS.maxInspectionDays} />
          </Grid.Col>
          <Grid.Col span={{ base: 8, sm: 6 }}>
            <NumberInput label={t('negotiation.counter.concessions')} value={concession.amount ?? ''} onChange={(value) => setConcession({ ...concession, amount: numberOrNull(value) })} min={0} />
          </Grid.Col>
          <Grid.Col span={{ base: 4, sm: 6 }}>
            <NativeSelect
              label={t('negotiation.counter.concessionUnit')}
              value={concession.unit}
              onChange={(event) => setConcession({ ...concession, unit: event.currentTarget.value === 'percent' ? 'percent' : 'dollars' })}
              data={CONCESSION_UNITS.map((unit) => ({ value: unit, label: t(`negotiation.counter.unit.${unit}`) }))}
            />
          </Grid.Col>
        </Grid>
        <ZonedDateTimeInput label={t('offer.field.expiresAt')} value={expires} onChange={setExpires} timeZone={zoneOf(offer.property)} futureOnly />
        <Textarea label={t('negotiation.counter.stipulations')} value={stipulations} onChange={(event) => setStipulations(event.currentTarget.value)} autosize minRows={2} maxRows={8} />
        <Textarea label={t('negotiation.counter.message')} value={message} onChange={(event) => setMessage(event.currentTarget.value)} maxLength={NEGOTIATION_LIMITS.maxMessage} autosize minRows={2} />
        {(unchanged || counter.isError) && (
          <div role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
            {unchanged ? translate('negotiation.counterUnchanged') : errorText(counter.error)}
          </div>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('negotiation.counter.cancel')}
          </Button>
          <Button onClick={send} loading={counter.isPending}>
            {t('negotiation.counter.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
