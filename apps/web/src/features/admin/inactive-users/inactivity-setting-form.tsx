import { useState } from 'react'
import type { FormEvent } from 'react'
import { Button, Group, NumberInput, Skeleton } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { InactivitySettingSchema, MAX_INACTIVITY_DAYS } from '@offerbook/domain/inactive-users'
import type { Message } from '@offerbook/domain/messages'
import { fieldErrorsOf } from '../../../shared/api-client'
import { translateOptional } from '../../../shared/i18n/messages'
import { validateWith } from '../../../shared/form-validation'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { useInactivitySetting, useSaveInactivitySetting } from './inactive-users-api'

const P = 'inactiveUsers'

/** The number of days without a sign-in after which an account counts as dormant. */
export function InactivitySettingForm() {
  const { t } = useTranslation()
  const setting = useInactivitySetting()
  const save = useSaveInactivitySetting()
  // What the admin typed; until then, the saved value.
  const [edited, setEdited] = useState<string | number | null>(null)
  const [error, setError] = useState<Message | undefined>()
  const value = edited ?? setting.data?.days ?? ''

  if (setting.isPending) return <Skeleton height={60} maw={360} aria-label={t(`${P}.loadingSetting`)} />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = validateWith(InactivitySettingSchema, { days: value === '' ? undefined : Number(value) })
    setError(checked.errors.days)
    if (!checked.ok) return
    save.mutate(checked.data, {
      onSuccess: () => notifySuccess(`${P}.settingSaved`),
      onError: (failure) => {
        const fields = fieldErrorsOf(failure, ['days'])
        if (fields.days) setError(fields.days)
        else notifyError(failure)
      },
    })
  }

  const shownError = translateOptional(error) ?? (setting.isError ? t(`${P}.settingLoadFailed`) : undefined)

  return (
    <form onSubmit={submit} noValidate aria-label={t(`${P}.settingForm`)}>
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={t(`${P}.days`)}
          description={t(`${P}.daysHelp`)}
          value={value}
          onChange={(next) => {
            setEdited(next)
            setError(undefined)
          }}
          min={1}
          max={MAX_INACTIVITY_DAYS}
          allowDecimal={false}
          clampBehavior="none"
          error={shownError}
          w={260}
        />
        <Button type="submit" mb={shownError ? 22 : 0} loading={save.isPending}>
          {t(`${P}.saveDays`)}
        </Button>
      </Group>
    </form>
  )
}
