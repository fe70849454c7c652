import { useState } from 'react'
import { Stack } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import { LISTING_LIMITS } from '@offerbook/domain/listing'
import { listPriceWarnings } from '@offerbook/domain/money-bounds'
import { IncrementInput } from '../../../../shared/ui/increment-input'
import { MoneyCheck } from '../../../../shared/ui/money-confirm'
import type { SectionProps } from './section-props'
import { shownError } from './section-props'

/** The price steps by this much with the buttons and the arrow keys. */
export const PRICE_STEP = 1_000

export const LIST_PRICE_CHECK_ID = 'listing-list-price-check'

/**
 * The list price a second look was given (decision 037): the figure confirmed, kept by the wizard so
 * that Next waits for it; the edit form keeps its own.
 */
export type ListPriceConfirmation = { confirmed: number | null; onConfirm: (amount: number | null) => void; missing?: boolean }

/** Whether the list price is out of bounds and not confirmed at this very figure. */
export function listPriceUnconfirmed(listPrice: number | null, confirmed: number | null): boolean {
  return listPriceWarnings(listPrice).length > 0 && confirmed !== listPrice
}

export function PricingSection({ form, marked, disabled, confirmation }: SectionProps & { confirmation?: ListPriceConfirmation }) {
  const { t } = useTranslation()
  const [own, setOwn] = useState<number | null>(null)
  const confirmed = confirmation ? confirmation.confirmed : own
  const setConfirmed = confirmation ? confirmation.onConfirm : setOwn
  const [warning] = listPriceWarnings(form.values.ListPrice)
  return (
    <Stack gap="sm">
      <IncrementInput
        name="ListPrice"
        label={t('listing.field.ListPrice')}
        description={t('wizard.pricing.hint')}
        value={form.values.ListPrice}
        onChange={(value) => form.set('ListPrice', value)}
        onBlur={() => form.blur('ListPrice')}
        min={LISTING_LIMITS.minPrice}
        max={LISTING_LIMITS.maxPrice}
        units={PRICE_STEP}
        error={shownError(form, 'ListPrice')}
        required={marked?.includes('ListPrice')}
        disabled={disabled}
      />
      {warning && (
        <MoneyCheck
          warning={warning}
          id={LIST_PRICE_CHECK_ID}
          checked={confirmed === warning.amount}
          onChange={(checked) => setConfirmed(checked ? warning.amount : null)}
          error={confirmation?.missing && confirmed !== warning.amount ? t('moneyCheck.confirmRequired') : undefined}
          disabled={disabled}
        />
      )}
    </Stack>
  )
}
