import { Grid, TextInput } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { ListingFieldName } from '@offerbook/domain/listing'
import { PhoneInput } from '../../../../shared/ui/phone-input'
import type { SectionProps } from './section-props'
import { fieldBinding, shownError } from './section-props'

/** The listing agent and licensee details: name, email, phone (E.164), MLS ID, brokerage firm and its license number. */
export function AgentSection({ form, marked, disabled }: SectionProps) {
  const { t } = useTranslation()
  const { values, set } = form
  const bind = (field: ListingFieldName) => ({ ...fieldBinding(form, field, marked), label: t(`listing.field.${field}`), disabled })

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput {...bind('ListAgentFullName')} autoComplete="name" value={values.ListAgentFullName} onChange={(event) => set('ListAgentFullName', event.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput {...bind('ListAgentEmail')} type="email" autoComplete="email" value={values.ListAgentEmail} onChange={(event) => set('ListAgentEmail', event.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={12}>
        <PhoneInput
          name="ListAgentDirectPhone"
          label={t('listing.field.ListAgentDirectPhone')}
          value={values.ListAgentDirectPhone}
          onChange={(value) => set('ListAgentDirectPhone', value)}
          onBlur={() => form.blur('ListAgentDirectPhone')}
          error={shownError(form, 'ListAgentDirectPhone')}
          required={marked?.includes('ListAgentDirectPhone')}
          disabled={disabled}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          {...bind('ListAgentMlsId')}
          description={t('wizard.agent.mlsIdHint')}
          autoComplete="off"
          value={values.ListAgentMlsId}
          onChange={(event) => set('ListAgentMlsId', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput {...bind('ListOfficeName')} autoComplete="organization" value={values.ListOfficeName} onChange={(event) => set('ListOfficeName', event.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput {...bind('firmLicenseNumber')} autoComplete="off" value={values.firmLicenseNumber} onChange={(event) => set('firmLicenseNumber', event.currentTarget.value)} />
      </Grid.Col>
    </Grid>
  )
}
