import { useTranslation } from 'react-i18next'
import { LISTING_LIMITS } from '@offerbook/domain/listing'
import { IncrementInput } from '../../../../shared/ui/increment-input'
import type { SectionProps } from './section-props'
import { shownError } from './section-props'

/** The price steps by this much with the buttons and the arrow keys. */
export const PRICE_STEP = 1_000

export function PricingSection({ form, marked, disabled }: SectionProps) {
  const { t } = useTranslation()
  return (
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
  )
}
