import { Button, Group, NumberInput, Skeleton } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { InactivitySettingSchema, MAX_INACTIVITY_DAYS } from '@offerbook/domain/inactive-users'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { useInactivitySetting, useSaveInactivitySetting } from './inactive-users-api'

const P = 'inactiveUsers'

/** The number of days without a sign-in after which an account counts as dormant. */
export function InactivitySettingForm() {
  const { t } = useTranslation()
  const setting = useInactivitySetting()
  const save = useSaveInactivitySetting()
  // What the admin typed (null until then: the saved value shows).
  const form = useSchemaForm({
    schema: InactivitySettingSchema,
    initialValues: { days: null as string | number | null },
    toInput: ({ days }) => {
      const value = days ?? setting.data?.days ?? ''
      return { days: value === '' ? undefined : Number(value) }
    },
  })
  const value = form.values.days ?? setting.data?.days ?? ''

  if (setting.isPending) return <Skeleton height={60} maw={360} aria-label={t(`${P}.loadingSetting`)} />

  const submit = form.onSubmit((data) =>
    save.mutate(data, {
      onSuccess: () => notifySuccess(`${P}.settingSaved`),
      onError: (failure) => {
        if (!form.serverErrors(failure)) notifyError(failure)
      },
    }),
  )

  const shownError = form.errorOf('days') ?? (setting.isError ? t(`${P}.settingLoadFailed`) : undefined)

  return (
    <form onSubmit={submit} noValidate aria-label={t(`${P}.settingForm`)}>
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={t(`${P}.days`)}
          description={t(`${P}.daysHelp`)}
          value={value}
          onChange={(next) => form.setValue('days', next)}
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
