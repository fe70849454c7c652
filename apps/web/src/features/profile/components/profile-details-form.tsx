import { useState } from 'react'
import type { FormEvent } from 'react'
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Message } from '@offerbook/domain/messages'
import type { UpdateProfile } from '@offerbook/domain/profile'
import { hasAgentRole, MLS_ID_MAX_LENGTH, UpdateProfileSchema } from '@offerbook/domain/profile'
import type { Language, User } from '@offerbook/domain/user'
import { LANGUAGES, LanguageSchema } from '@offerbook/domain/user'
import { fieldErrorsOf } from '../../../shared/api-client'
import { validateWith } from '../../../shared/form-validation'
import { changeLanguage } from '../../../shared/i18n/i18n'
import { translateOptional } from '../../../shared/i18n/messages'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { PhoneInput } from '../../../shared/ui/phone-input'
import { useUpdateProfile } from '../api/profile'

type Values = { name: string; phone: string; zipcode: string; language: Language; nrds: string; sellerAgentId: string }
type Errors = Partial<Record<keyof Values, Message>>

const FIELDS = ['name', 'phone', 'zipcode', 'language', 'nrds', 'sellerAgentId'] as const

function valuesOf(user: User): Values {
  return { name: user.name, phone: user.phone ?? '', zipcode: user.zipcode ?? '', language: user.language, nrds: user.nrds ?? '', sellerAgentId: user.sellerAgentId ?? '' }
}

/** An agent's NRDS number and MLS ID, when changed: an agent without one yet can still save the rest. */
function agentChanges(before: Values, after: Values): Pick<UpdateProfile, 'nrds' | 'sellerAgentId'> {
  const body: Pick<UpdateProfile, 'nrds' | 'sellerAgentId'> = {}
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
  return body
}

/**
 * The API's rules for what is checked before saving: the name and ZIP code always, an agent's NRDS
 * number and MLS ID when changed (an agent without them yet can still save the rest).
 */
function validate(before: Values, values: Values, agent: boolean): Errors {
  const checked = agent ? { name: values.name, zipcode: values.zipcode, ...agentChanges(before, values) } : { name: values.name, zipcode: values.zipcode }
  const { errors } = validateWith(UpdateProfileSchema, checked)
  return { name: errors.name, zipcode: errors.zipcode, nrds: errors.nrds, sellerAgentId: errors.sellerAgentId }
}

export function ProfileDetailsForm({ user, onUser }: { user: User; onUser: (user: User) => void }) {
  const { t } = useTranslation()
  const update = useUpdateProfile({ onUser })
  const [values, setValues] = useState<Values>(() => valuesOf(user))
  const [errors, setErrors] = useState<Errors>({})
  const agent = hasAgentRole(user.roles)

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }))
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }))
  }
  const shown = (field: keyof Values) => translateOptional(errors[field])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const before = valuesOf(user)
    const found = validate(before, values, agent)
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    const body = changes(before, values, agent)
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
        setErrors(fieldErrorsOf(error, FIELDS))
        notifyError(error)
      },
    })
  }

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
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={shown('name')}
          withAsterisk
        />
        <PhoneInput label={t('accounts.profile.details.phone')} name="phone" value={values.phone} onChange={(value) => set('phone', value)} error={shown('phone')} />
        <TextInput
          label={t('accounts.profile.details.zipcode')}
          name="zipcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          value={values.zipcode}
          onChange={(event) => set('zipcode', event.currentTarget.value)}
          error={shown('zipcode')}
        />
        {agent && (
          <>
            <TextInput
              label={t('accounts.profile.details.nrds')}
              name="nrds"
              inputMode="numeric"
              maxLength={9}
              value={values.nrds}
              onChange={(event) => set('nrds', event.currentTarget.value)}
              error={shown('nrds')}
              withAsterisk
            />
            <TextInput
              label={t('accounts.profile.details.mlsId')}
              description={t('accounts.profile.details.mlsIdHint')}
              name="sellerAgentId"
              autoCapitalize="characters"
              maxLength={MLS_ID_MAX_LENGTH}
              value={values.sellerAgentId}
              onChange={(event) => set('sellerAgentId', event.currentTarget.value)}
              error={shown('sellerAgentId')}
              withAsterisk
            />
          </>
        )}
        <NativeSelect
          label={t('accounts.profile.details.language')}
          name="language"
          value={values.language}
          onChange={(event) => {
            const parsed = LanguageSchema.safeParse(event.currentTarget.value)
            if (parsed.success) set('language', parsed.data)
          }}
          data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
          error={shown('language')}
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
