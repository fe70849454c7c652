import { Button, Group, Skeleton, Stack, Switch, Text } from '@mantine/core'
import { useId } from 'react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { WebhookSettings } from '@offerbook/domain/webhooks'
import { WebhookSettingsInputSchema } from '@offerbook/domain/webhooks'
import { formatDateTime } from '../../../shared/format-date-time'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { useSaveWebhookSettings, useWebhookSettings } from './webhook-settings-api'

const P = 'adminWebhooks'

/** Where the setting in force comes from: an admin's choice, or the server's configuration. */
function Provenance({ settings }: { settings: WebhookSettings }) {
  const { t, i18n } = useTranslation()
  if (settings.changedAt === null) {
    return <Text size="sm">{t(`${P}.fromDeployment`, { value: t(settings.deploymentDefault ? `${P}.deploymentAllows` : `${P}.deploymentRefuses`) })}</Text>
  }
  const date = formatDateTime(i18n.language, settings.changedAt)
  return <Text size="sm">{settings.changedBy === null ? t(`${P}.changedByGone`, { date }) : t(`${P}.changedBy`, { name: settings.changedBy, date })}</Text>
}

function SettingsForm({ settings }: { settings: WebhookSettings }) {
  const { t } = useTranslation()
  const save = useSaveWebhookSettings()
  const helpId = useId()
  // What the admin switched to (null until then: the setting in force shows).
  const form = useSchemaForm({
    schema: WebhookSettingsInputSchema,
    initialValues: { allowPrivate: null as boolean | null },
    toInput: ({ allowPrivate }) => ({ allowPrivate: allowPrivate ?? settings.allowPrivate }),
  })
  const checked = form.values.allowPrivate ?? settings.allowPrivate

  const submit = form.onSubmit((data) =>
    save.mutate(data, {
      onSuccess: () => {
        form.setValues({ allowPrivate: null })
        notifySuccess(`${P}.saved`)
      },
      onError: (failure) => {
        if (!form.serverErrors(failure)) notifyError(failure)
      },
    }),
  )

  return (
    <form onSubmit={submit} noValidate aria-label={t(`${P}.formLabel`)}>
      <Stack gap="sm" align="flex-start">
        <Text fw={600} role="status">
          {t(settings.allowPrivate ? `${P}.nowAllowed` : `${P}.nowRefused`)}
        </Text>
        <Provenance settings={settings} />
        {/* The help is its own paragraph: as Mantine's description it sits inside the label and lengthens the switch's name. */}
        <Stack gap={4}>
          <Switch
            label={t(`${P}.allowPrivate`)}
            checked={checked}
            onChange={(event) => form.setValue('allowPrivate', event.currentTarget.checked)}
            error={form.errorOf('allowPrivate')}
            aria-describedby={helpId}
          />
          <Text id={helpId} size="sm" c="gray.7">
            {t(`${P}.allowPrivateHelp`)}
          </Text>
        </Stack>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={checked === settings.allowPrivate}>
            {t(`${P}.save`)}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** /admin/webhooks: whether webhooks may reach private addresses (an on-premises back office), the super admins' choice (decision 082). */
export function PrivateAddressesPanel() {
  const { t } = useTranslation()
  const settings = useWebhookSettings()
  return (
    <Stack gap="md" maw={720}>
      <Text>{t(`${P}.intro`)}</Text>
      {settings.isPending ? (
        <Skeleton height={120} aria-label={t(`${P}.loading`)} />
      ) : settings.isError ? (
        <LoadFailedAlert title={t(`${P}.loadFailed`)} error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </Stack>
  )
}
