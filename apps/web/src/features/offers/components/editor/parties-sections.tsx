import { Button, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import { OFFER_LIMITS } from '@offerbook/domain/offer-values'
import { PhoneInput } from '../../../../shared/ui/phone-input'
import { SectionCard } from '../../../../shared/ui/section-card'
import type { EditorForm } from './editor-form'
import { sectionMemo } from './editor-form'

const EMPTY_BUYER = { fullName: '', email: '', phone: '' }

/** Name, email and phone of one person at `path`; the name and email fields carry ids the editor can focus. */
function PersonFields({ form, path, idPrefix }: { form: EditorForm; path: string; idPrefix: string }) {
  const { t } = useTranslation()
  const { set, error, disabled } = form
  const person = path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], form.terms) as { fullName: string; email: string; phone: string }
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInputField id={`${idPrefix}-fullName`} label={t('offer.field.fullName')} value={person.fullName} onChange={(value) => set(`${path}.fullName`, value)} error={error(`${path}.fullName`)} disabled={disabled} autoComplete="off" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInputField id={`${idPrefix}-email`} type="email" label={t('offer.field.email')} value={person.email} onChange={(value) => set(`${path}.email`, value)} error={error(`${path}.email`)} disabled={disabled} autoComplete="off" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <PhoneInput id={`${idPrefix}-phone`} label={t('offer.field.phone')} value={person.phone} onChange={(value) => set(`${path}.phone`, value)} error={error(`${path}.phone`)} disabled={disabled} />
      </Grid.Col>
    </>
  )
}

function TextInputField({ onChange, ...props }: { id: string; label: string; value: string; onChange: (value: string) => void; error?: string; disabled: boolean; type?: string; autoComplete?: string }) {
  return <TextInput {...props} onChange={(event) => onChange(event.currentTarget.value)} />
}

function BuyersSectionView({ form }: { form: EditorForm }) {
  const { t } = useTranslation()
  const { terms, set, error, disabled } = form
  const buyers = terms.buyers
  const sectionError = error('buyers')
  return (
    <SectionCard title={t('offer.field.buyers')}>
      <Text size="sm" c="dimmed">
        {t('offerEditor.buyersHint', { max: OFFER_LIMITS.maxBuyers })}
      </Text>
      {sectionError && (
        <Text size="sm" c="var(--mantine-color-error)" fw={600} id="offer-buyers-error">
          {sectionError}
        </Text>
      )}
      <Stack gap="md">
        {buyers.length === 0 && <Text>{t('offerEditor.noBuyers')}</Text>}
        {buyers.map((_, index) => (
          <Paper key={index} withBorder p="md" component="fieldset" aria-labelledby={`offer-buyer-${index}-legend`} style={{ margin: 0 }}>
            <Group justify="space-between" mb="xs">
              <Title order={3} size="h5" id={`offer-buyer-${index}-legend`}>
                {t('offer.field.buyer', { number: index + 1 })}
              </Title>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => set('buyers', buyers.filter((__, other) => other !== index))}
                disabled={disabled}
                aria-label={t('offerEditor.removeBuyer', { number: index + 1 })}
              >
                {t('offerEditor.remove')}
              </Button>
            </Group>
            <Grid gap="md">
              <PersonFields form={form} path={`buyers.${index}`} idPrefix={`offer-buyer-${index}`} />
            </Grid>
          </Paper>
        ))}
      </Stack>
      <Group>
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => set('buyers', [...buyers, EMPTY_BUYER])} disabled={disabled || buyers.length >= OFFER_LIMITS.maxBuyers}>
          {t('offerEditor.addBuyer')}
        </Button>
      </Group>
    </SectionCard>
  )
}

export const BuyersSection = sectionMemo(BuyersSectionView, ({ form }) => [form.terms.buyers, form.errorsUnder('buyers')])

/** The buyer agent, or the listing agent and licensee: the person, their firm and the license numbers. */
function AgentSectionView({ form, path, title }: { form: EditorForm; path: 'buyerAgent' | 'listingAgent'; title: string }) {
  const { t } = useTranslation()
  const { terms, set, error, disabled } = form
  const agent = terms[path]
  return (
    <SectionCard title={title}>
      <Grid gap="md">
        <PersonFields form={form} path={path} idPrefix={`offer-${path}`} />
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInputField id={`offer-${path}-firmName`} label={t('offer.field.firmName')} value={agent.firmName} onChange={(value) => set(`${path}.firmName`, value)} error={error(`${path}.firmName`)} disabled={disabled} autoComplete="off" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInputField
            id={`offer-${path}-firmLicenseNumber`}
            label={t('offer.field.firmLicenseNumber')}
            value={agent.firmLicenseNumber}
            onChange={(value) => set(`${path}.firmLicenseNumber`, value)}
            error={error(`${path}.firmLicenseNumber`)}
            disabled={disabled}
            autoComplete="off"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInputField
            id={`offer-${path}-licenseNumber`}
            label={t('offer.field.licenseNumber')}
            value={agent.licenseNumber}
            onChange={(value) => set(`${path}.licenseNumber`, value)}
            error={error(`${path}.licenseNumber`)}
            disabled={disabled}
            autoComplete="off"
          />
        </Grid.Col>
      </Grid>
    </SectionCard>
  )
}

export const AgentSection = sectionMemo(AgentSectionView, ({ form, path, title }) => [form.terms[path], form.errorsUnder(path), path, title])
