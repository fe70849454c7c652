import { useTranslation } from '../../../../shared/i18n/translation'
import { OFFER_LIMITS } from '@offerbook/domain/offer-values'
import { IncrementInput } from '../../../../shared/ui/increment-input'
import { SectionCard } from '../../../../shared/ui/section-card'
import type { EditorForm } from './editor-form'
import { sectionMemo } from './editor-form'
import { OfferMoneyCheck } from './money-checks'

/**
 * The purchase price: the editor's first section, drawn with the page's own code; the other terms
 * (terms-sections.tsx) come with the editor's later chunk (offer-editor-later.tsx).
 */
function PriceSectionView({ form }: { form: EditorForm }) {
  const { t } = useTranslation()
  const { terms, set, error, disabled } = form
  return (
    <SectionCard title={t('offer.field.purchasePrice')}>
      <IncrementInput
        label={t('offer.field.purchasePrice')}
        value={terms.purchasePrice}
        onChange={(value) => set('purchasePrice', value)}
        min={OFFER_LIMITS.minPrice}
        max={OFFER_LIMITS.maxPrice}
        units={1000}
        error={error('purchasePrice')}
        disabled={disabled}
      />
      <OfferMoneyCheck field="purchasePrice" disabled={disabled} />
    </SectionCard>
  )
}

export const PriceSection = sectionMemo(PriceSectionView, ({ form }) => [form.terms.purchasePrice, form.errorsUnder('purchasePrice')])
