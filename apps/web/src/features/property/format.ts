import type { Translate } from '../../shared/i18n/translation'
import type { ListingSummary, PropertyType } from '@offerbook/domain/listing'
import { formatMoney } from '../../shared/money'
import { numberFormat } from '@offerbook/domain/intl-formats'

/** Numbers and prices as the reader's language writes them. */

export function formatNumber(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(value)
}

export function formatPrice(price: number | null, language: string, t: Translate): string {
  return price === null ? t('property.priceNotSet') : formatMoney(price, language)
}

/** Property types that are not homes: no bedrooms is what they are, not a missing room. */
const NOT_HOMES: readonly PropertyType[] = ['Land', 'CommercialSale', 'CommercialLease', 'BusinessOpportunity']

/**
 * '3 beds · 2 baths · 1,850 sq ft', leaving out what the listing does not give. Land or a commercial
 * building with no bedrooms says what it is instead ('Land', 'Commercial · 2 baths · 4,500 sq ft').
 */
export function roomsAndArea(listing: Pick<ListingSummary, 'BedroomsTotal' | 'BathroomsTotalInteger' | 'LivingArea'> & { PropertyType?: PropertyType | null }, language: string, t: Translate): string {
  const parts: string[] = []
  const notHome = listing.PropertyType && NOT_HOMES.includes(listing.PropertyType) && !listing.BedroomsTotal ? listing.PropertyType : null
  if (notHome) parts.push(t(`listing.type.${notHome}`))
  else if (listing.BedroomsTotal !== null) parts.push(t('listing.unit.beds', { count: listing.BedroomsTotal }))
  if (listing.BathroomsTotalInteger !== null && !(notHome && listing.BathroomsTotalInteger === 0)) parts.push(t('listing.unit.baths', { count: listing.BathroomsTotalInteger }))
  if (listing.LivingArea !== null) parts.push(t('listing.unit.sqft', { value: formatNumber(listing.LivingArea, language) }))
  return parts.join(' · ')
}
