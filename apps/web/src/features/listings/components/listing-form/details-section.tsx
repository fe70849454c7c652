import { Grid, NativeSelect, Textarea, TextInput } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import { LISTING_LIMITS, PROPERTY_TYPES } from '@offerbook/domain/listing'
import { IncrementInput } from '../../../../shared/ui/increment-input'
import type { SectionProps } from './section-props'
import { fieldBinding, shownError } from './section-props'

/** Address parts, property type, rooms, areas, year built, the description, and the public record that identifies the property. */
export function DetailsSection({ form, marked, disabled }: SectionProps) {
  const { t } = useTranslation()
  const { values, set } = form
  const bind = (field: Parameters<typeof fieldBinding>[1]) => ({ ...fieldBinding(form, field, marked), label: t(`listing.field.${field}`), disabled })

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextInput {...bind('StreetNumber')} autoComplete="off" value={values.StreetNumber} onChange={(event) => set('StreetNumber', event.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput {...bind('StreetName')} autoComplete="off" value={values.StreetName} onChange={(event) => set('StreetName', event.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextInput
          {...bind('StreetSuffix')}
          description={t('wizard.details.suffixHint')}
          autoComplete="off"
          value={values.StreetSuffix}
          onChange={(event) => set('StreetSuffix', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextInput {...bind('UnitNumber')} autoComplete="off" value={values.UnitNumber} onChange={(event) => set('UnitNumber', event.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput {...bind('City')} autoComplete="address-level2" value={values.City} onChange={(event) => set('City', event.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 2 }}>
        <TextInput
          {...bind('StateOrProvince')}
          autoComplete="address-level1"
          maxLength={2}
          value={values.StateOrProvince}
          onChange={(event) => set('StateOrProvince', event.currentTarget.value.toUpperCase())}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 2 }}>
        <TextInput {...bind('PostalCode')} autoComplete="postal-code" inputMode="numeric" maxLength={10} value={values.PostalCode} onChange={(event) => set('PostalCode', event.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput {...bind('CountyOrParish')} autoComplete="off" value={values.CountyOrParish} onChange={(event) => set('CountyOrParish', event.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NativeSelect
          {...bind('PropertyType')}
          value={values.PropertyType}
          onChange={(event) => {
            set('PropertyType', event.currentTarget.value)
            form.blur('PropertyType')
          }}
          data={[{ value: '', label: t('wizard.details.chooseType') }, ...PROPERTY_TYPES.map((type) => ({ value: type, label: t(`listing.type.${type}`) }))]}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <IncrementInput
          name="BedroomsTotal"
          label={t('listing.field.BedroomsTotal')}
          currency={false}
          min={0}
          max={LISTING_LIMITS.maxRooms}
          value={values.BedroomsTotal}
          onChange={(value) => set('BedroomsTotal', value)}
          onBlur={() => form.blur('BedroomsTotal')}
          error={shownError(form, 'BedroomsTotal')}
          required={marked?.includes('BedroomsTotal')}
          disabled={disabled}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <IncrementInput
          name="BathroomsTotalInteger"
          label={t('listing.field.BathroomsTotalInteger')}
          currency={false}
          min={0}
          max={LISTING_LIMITS.maxRooms}
          value={values.BathroomsTotalInteger}
          onChange={(value) => set('BathroomsTotalInteger', value)}
          onBlur={() => form.blur('BathroomsTotalInteger')}
          error={shownError(form, 'BathroomsTotalInteger')}
          required={marked?.includes('BathroomsTotalInteger')}
          disabled={disabled}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput {...bind('LivingArea')} inputMode="numeric" autoComplete="off" value={values.LivingArea} onChange={(event) => set('LivingArea', event.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput {...bind('LotSizeAcres')} inputMode="decimal" autoComplete="off" value={values.LotSizeAcres} onChange={(event) => set('LotSizeAcres', event.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput {...bind('YearBuilt')} inputMode="numeric" autoComplete="off" maxLength={4} value={values.YearBuilt} onChange={(event) => set('YearBuilt', event.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea
          {...bind('PublicRemarks')}
          description={t('wizard.details.remarksCount', { count: values.PublicRemarks.length, max: LISTING_LIMITS.maxRemarks })}
          rows={6}
          maxLength={LISTING_LIMITS.maxRemarks}
          value={values.PublicRemarks}
          onChange={(event) => set('PublicRemarks', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput
          {...bind('VirtualTourURLUnbranded')}
          description={t('wizard.details.virtualTourHint')}
          type="url"
          inputMode="url"
          autoComplete="url"
          value={values.VirtualTourURLUnbranded}
          onChange={(event) => set('VirtualTourURLUnbranded', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput
          {...bind('ParcelNumber')}
          description={t('wizard.details.parcelHint')}
          autoComplete="off"
          value={values.ParcelNumber}
          onChange={(event) => set('ParcelNumber', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput
          {...bind('deedReference')}
          description={t('wizard.details.deedHint')}
          autoComplete="off"
          value={values.deedReference}
          onChange={(event) => set('deedReference', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea
          {...bind('TaxLegalDescription')}
          description={t('wizard.details.legalDescriptionCount', { count: values.TaxLegalDescription.length, max: LISTING_LIMITS.maxLegalDescription })}
          rows={3}
          maxLength={LISTING_LIMITS.maxLegalDescription}
          value={values.TaxLegalDescription}
          onChange={(event) => set('TaxLegalDescription', event.currentTarget.value)}
        />
      </Grid.Col>
    </Grid>
  )
}
