import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { UpdateProfile } from '@offerbook/domain/profile'
import { hasAgentRole, UpdateProfileSchema } from '@offerbook/domain/profile'
import type { Currency, Language, User } from '@offerbook/domain/user'
import { CURRENCIES, CurrencySchema, LANGUAGES, LanguageSchema } from '@offerbook/domain/user'
import { changeLanguage } from '../../../shared/i18n/i18n'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { AgentDetailsFields } from '../../../shared/ui/agent-details-fields'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { useUpdateProfile } from '../api/profile'

type Values = { name: string; phone: string; zipcode: string; language: Language; currency: Currency; nrds: string; sellerAgentId: string; website: string }
function valuesOf(user: User): Values {
  return {
    name: user.name,
    phone: user.phone ?? '',
    zipcode: user.zipcode ?? '',
    language: user.language,
    currency: user.currency,
    nrds: user.nrds ?? '',
    sellerAgentId: user.sellerAgentId ?? '',
    website: user.website ?? '',
  }
}

/** An agent's NRDS number, MLS ID and website, when changed: an agent without one yet can still save the rest. */
function agentChanges(before: Values, after: Values): Pick<UpdateProfile, 'nrds' | 'sellerAgentId' | 'website'> {
  const body: Pick<UpdateProfile, 'nrds' | 'sellerAgentId' | 'website'> = {}
  if (after.website.trim() !== before.website) body.website = after.website.trim()
  if (after.nrds.trim() !== before.nrds) body.nrds = after.nrds.trim()
  if (after.sellerAgentId.trim() !== before.sellerAgentId) body.sellerAgentId = after.sellerAgentId.trim()
  return body
}

/** Only what changed is sent, so saving one field cannot overwrite another changed elsewhere. */
function changes(before: Values, after: Values, agent: boolean): UpdateProfile {
  const body: UpdateProfile = agent ? agentChanges(before, after) : {}
  const name = after.name.trim().replace(/\s+/g, ' ')
  if (name !== before.name) body.name = name
  if (after.phone !== before.phone) body.phone = after.phone
  if (after.zipcode.trim() !== before.zipcode) body.zipcode = after.zipcode.trim()
  if (after.language !== before.language) body.language = after.language
  if (after.currency !== before.currency) body.currency = after.currency
  return body
}

export function ProfileDetailsForm({ user, onUser }: { user: User; onUser: (user: User) => void }) {
  const { t } = useTranslation()
  const update = useUpdateProfile({ onUser })
  const agent = hasAgentRole(user.roles)
  // The API's rules for what is checked before saving: the name and ZIP code always, an agent's NRDS
  // number and MLS ID when changed (an agent without them yet can still save the rest).
  const form = useSchemaForm({
    schema: UpdateProfileSchema,
    initialValues: () => valuesOf(user),
    toInput: (values) => ({ name: values.name, zipcode: values.zipcode, ...(agent ? agentChanges(valuesOf(user), values) : {}) }),
  })
  const { values } = form

  const onSubmit = form.onSubmit(() => {
    const body = changes(valuesOf(user), values, agent)
    if (Object.keys(body).length === 0) {
      notifySuccess('accounts.profile.details.noChanges')
      return
    }
    update.mutate(body, {
      onSuccess: (saved) => {
        if (body.language) void changeLanguage(saved.language)
        notifySuccess('accounts.profile.details.saved')
      },
      onError: (error) => {
        form.serverErrors(error)
        notifyError(error)
      },
    })
  })

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('accounts.profile.details.formLabel')}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('accounts.profile.details.email')}: {user.email}
        </Text>
        <TextInput
          label={t('accounts.profile.details.fullName')}
          name="name"
          autoComplete="name"
          {...form.field('name')}
          withAsterisk
        />
        <AgentDetailsFields field={form.field} texts="accounts.profile.details" agent={agent} />
        {agent && (
          <TextInput
            label={t('accounts.profile.details.website')}
            description={t('accounts.profile.details.websiteHint')}
            name="website"
            type="url"
            inputMode="url"
            autoComplete="url"
            {...form.field('website')}
          />
        )}
        <NativeSelect
          label={t('accounts.profile.details.language')}
          name="language"
          value={values.language}
          onChange={(event) => {
            const parsed = LanguageSchema.safeParse(event.currentTarget.value)
            if (parsed.success) form.setValue('language', parsed.data)
          }}
          data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
          error={form.errorOf('language')}
        />
        <NativeSelect
          label={t('accounts.profile.details.currency')}
          description={t('accounts.profile.details.currencyHint')}
          name="currency"
          value={values.currency}
          onChange={(event) => {
            const parsed = CurrencySchema.safeParse(event.currentTarget.value)
            if (parsed.success) form.setValue('currency', parsed.data)
          }}
          data={CURRENCIES.map((currency) => ({ value: currency, label: t(`currencies.${currency}`) }))}
          error={form.errorOf('currency')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('accounts.profile.details.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
