import { Checkbox, SimpleGrid, Stack, Textarea } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { OfferPreference } from '@offerbook/domain/listing'
import { LISTING_LIMITS, OFFER_PREFERENCES } from '@offerbook/domain/listing'
import { ZonedDateTimeInput } from '../../../../shared/ui/zoned-date-time-input'
import { deadlineIso, deadlineText, listingTimeZone } from './listing-form-values'
import type { SectionProps } from './section-props'
import { fieldBinding, shownError } from './section-props'

const isPreference = (value: string): value is OfferPreference => OFFER_PREFERENCES.some((preference) => preference === value)

/** When offers are due, what the seller wants to see with them, and instructions for buyers. */
export function OfferSettingsSection({ form, marked, disabled }: SectionProps) {
  const { t } = useTranslation()
  const { values, set } = form
  // The deadline is on the property's clocks: its county says Central or Eastern time.
  const zone = listingTimeZone(values)

  return (
    <Stack gap="lg">
      <ZonedDateTimeInput
        name="offerDeadline"
        label={t('listing.field.offerDeadline')}
        description={t('wizard.offerSettings.deadlineHint')}
        value={deadlineIso(values.offerDeadline, zone)}
        timeZone={zone}
        futureOnly
        onChange={(value) => {
          set('offerDeadline', deadlineText(value, zone))
          // The input gives a value only once the date and time are both complete: check it then.
          if (value !== null) form.blur('offerDeadline')
        }}
        error={shownError(form, 'offerDeadline')}
        required={marked?.includes('offerDeadline')}
        disabled={disabled}
      />
      <Checkbox.Group
        label={t('listing.field.offerPreferences')}
        description={t('wizard.offerSettings.preferencesHint')}
        value={values.offerPreferences}
        onChange={(picked) => set('offerPreferences', picked.filter(isPreference))}
        error={shownError(form, 'offerPreferences')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
          {OFFER_PREFERENCES.map((preference) => (
            <Checkbox key={preference} value={preference} label={t(`listing.preference.${preference}`)} disabled={disabled} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Textarea
        {...fieldBinding(form, 'offerInstructions', marked)}
        label={t('listing.field.offerInstructions')}
        description={t('wizard.offerSettings.instructionsCount', { count: values.offerInstructions.length, max: LISTING_LIMITS.maxOfferInstructions })}
        rows={4}
        maxLength={LISTING_LIMITS.maxOfferInstructions}
        value={values.offerInstructions}
        onChange={(event) => set('offerInstructions', event.currentTarget.value)}
        disabled={disabled}
      />
    </Stack>
  )
}
