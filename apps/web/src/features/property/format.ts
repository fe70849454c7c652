import type { TFunction } from 'i18next'
import type { ListingSummary } from '@offerbook/domain/listing'
import { formatUsd } from '@offerbook/domain/money'

/** Numbers and prices as the reader's language writes them. */

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value)
}

export function formatPrice(price: number | null, language: string, t: TFunction): string {
  return price === null ? t('property.priceNotSet') : formatUsd(price, language)
}

/** '3 beds · 2 baths · 1,850 sq ft', leaving out what the listing does not give. */
export function roomsAndArea(listing: Pick<ListingSummary, 'BedroomsTotal' | 'BathroomsTotalInteger' | 'LivingArea'>, language: string, t: TFunction): string {
  const parts: string[] = []
  if (listing.BedroomsTotal !== null) parts.push(t('listing.unit.beds', { count: listing.BedroomsTotal }))
  if (listing.BathroomsTotalInteger !== null) parts.push(t('listing.unit.baths', { count: listing.BathroomsTotalInteger }))
  if (listing.LivingArea !== null) parts.push(t('listing.unit.sqft', { value: formatNumber(listing.LivingArea, language) }))
  return parts.join(' · ')
}
