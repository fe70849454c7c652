import type { FormEvent } from 'react'
import { useState } from 'react'
import { Alert, Checkbox, Modal, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { Message } from '@offerbook/domain/messages'
import type { OfferView } from '@offerbook/domain/offer'
import { OFFER_LIMITS } from '@offerbook/domain/offer-values'
import { closingDateProblem, closingPriceDifference } from '@offerbook/domain/offer-closing'
import { dollarsInWords } from '@offerbook/domain/number-words'
import { dateInZone } from '@offerbook/domain/property-time'
import { fieldErrorsOf } from '../../../../shared/api-client'
import { errorText, translate } from '../../../../shared/i18n/messages'
import { formatMoney } from '../../../../shared/money'
import { notifySuccess } from '../../../../shared/notify'
import { DateInput, parseIsoDate } from '../../../../shared/ui/date-input'
import { DialogActions } from '../../../../shared/ui/dialog-actions'
import { IncrementInput } from '../../../../shared/ui/increment-input'
import { useRecordClosing } from '../../api/closing'
import { zoneOf } from '../details/offer-format'

type Problems = { closingDate?: Message; finalPrice?: Message; confirmed?: Message }

/** The same checks as the API's (domain's offer-closing.ts), so the dialog says what is wrong before sending. */
function problemsOf(
  { closingDate, finalPrice, confirmed }: { closingDate: string; finalPrice: number | null; confirmed: boolean },
  { today, bindingDate, contractPrice }: { today: string; bindingDate: string; contractPrice: number | null },
): Problems {
  const problems: Problems = {}
  const date = parseIsoDate(closingDate)
  if (date === null) problems.closingDate = { key: closingDate.trim() === '' ? 'common.required' : 'offerTerms.invalidDate' }
  else {
    const key = closingDateProblem(date, { today, bindingDate })
    if (key) problems.closingDate = key === 'offer.closingDateBeforeBinding' ? { key, params: { date: bindingDate } } : { key }
  }
  if (finalPrice === null) problems.finalPrice = { key: 'common.required' }
  else if (finalPrice < OFFER_LIMITS.minPrice || finalPrice > OFFER_LIMITS.maxPrice) problems.finalPrice = { key: 'offerTerms.priceRange' }
  else {
    const percent = closingPriceDifference(finalPrice, contractPrice)
    if (percent !== null && !confirmed) problems.confirmed = { key: 'offer.closingPriceUnconfirmed', params: { percent } }
  }
  return problems
}

export type RecordClosingDialogProps = { offer: OfferView; opened: boolean; onClose: () => void }

/**
 * Recording the closing (decision 061): the closing date (from the Binding Agreement Date up to today,
 * in the property's calendar) and the final price, with the offer price's money input. A price far
 * from the contract's asks for a confirmation, as an unusual offer price does (decision 037).
 */
export function RecordClosingDialog({ offer, opened, onClose }: RecordClosingDialogProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const zone = zoneOf(offer.property)
  const today = dateInZone(new Date(), zone)
  const bindingDate = offer.bindingAgreementAt ? dateInZone(new Date(offer.bindingAgreementAt), zone) : today
  const contractPrice = offer.terms.purchasePrice
  const [closingDate, setClosingDate] = useState(today)
  const [finalPrice, setFinalPrice] = useState<number | null>(contractPrice)
  const [confirmed, setConfirmed] = useState(false)
  const [shown, setShown] = useState<Problems>({})
  const record = useRecordClosing(offer.id)

  const percent = finalPrice === null ? null : closingPriceDifference(finalPrice, contractPrice)
  const server = fieldErrorsOf(record.error, ['closingDate', 'finalPrice'] as const)
  const serverOther = record.error && Object.keys(server).length === 0 ? errorText(record.error) : null
  const messageOf = (message: Message | undefined) => (message ? translate(message) : undefined)

  const close = () => {
    if (record.isPending) return
    record.reset()
    setShown({})
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = problemsOf({ closingDate, finalPrice, confirmed }, { today, bindingDate, contractPrice })
    setShown(problems)
    if (Object.keys(problems).length > 0 || finalPrice === null) return
    record.mutate(
      { closingDate, finalPrice, confirmed: percent !== null && confirmed },
      {
        onSuccess: () => {
          notifySuccess(t('closing.recordedNotice'))
          setShown({})
          onClose()
        },
      },
    )
  }

  return (
    <Modal opened={opened} onClose={close} title={t('closing.dialogTitle')} closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('closing.dialogIntro')}</Text>
          <DateInput
            label={t('closing.date')}
            value={closingDate}
            onChange={(value) => {
              setClosingDate(value)
              setShown((current) => ({ ...current, closingDate: undefined }))
            }}
            minDate={bindingDate}
            maxDate={today}
            required
            error={messageOf(shown.closingDate ?? server.closingDate)}
            disabled={record.isPending}
          />
          <IncrementInput
            label={t('closing.finalPrice')}
            description={contractPrice === null ? undefined : t('closing.contractPrice', { price: formatMoney(contractPrice, language) })}
            value={finalPrice}
            onChange={(value) => {
              setFinalPrice(value)
              setConfirmed(false)
              setShown((current) => ({ ...current, finalPrice: undefined, confirmed: undefined }))
            }}
            min={OFFER_LIMITS.minPrice}
            max={OFFER_LIMITS.maxPrice}
            units={1000}
            required
            error={messageOf(shown.finalPrice ?? server.finalPrice)}
            disabled={record.isPending}
          />
          {percent !== null && finalPrice !== null && contractPrice !== null && (
            <Alert role="status" color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="closing-price-check">
              <Stack gap={6}>
                <Text size="sm">{t('closing.priceCheck', { percent, price: formatMoney(contractPrice, language) })}</Text>
                <Text size="sm" fw={600}>
                  {t('moneyCheck.spelled', { amount: formatMoney(finalPrice, language), words: dollarsInWords(finalPrice, language) })}
                </Text>
                <Checkbox
                  checked={confirmed}
                  onChange={(event) => {
                    setConfirmed(event.currentTarget.checked)
                    setShown((current) => ({ ...current, confirmed: undefined }))
                  }}
                  label={t('moneyCheck.confirm', { amount: formatMoney(finalPrice, language) })}
                  error={messageOf(shown.confirmed)}
                  disabled={record.isPending}
                />
              </Stack>
            </Alert>
          )}
          {serverOther && (
            <Alert color="red" role="alert" data-testid="closing-record-problem">
              {serverOther}
            </Alert>
          )}
          <DialogActions cancel={t('closing.cancel')} onCancel={close} confirm={t('closing.recordConfirm')} loading={record.isPending} holdCancel />
        </Stack>
      </form>
    </Modal>
  )
}
