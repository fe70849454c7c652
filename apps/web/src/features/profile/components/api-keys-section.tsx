import { Alert, Badge, Button, Checkbox, CopyButton, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { ApiKey, ApiKeyScope, CreatedApiKey } from '@offerbook/domain/api-keys'
import { API_KEY_SCOPES, CreateApiKeySchema } from '@offerbook/domain/api-keys'
import { ApiClientError } from '../../../shared/api-client'
import { formatDateTime } from '../../../shared/format-date-time'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { useDialog } from '../../../shared/ui/app-dialog'
import { DateInput } from '../../../shared/ui/date-input'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys'
import { lastSeenText } from './devices-section'

const P = 'apiKeys'

/** A scope's text key: 'offers:read' -> 'offersRead' (i18next reads ':' as a namespace). */
export function scopeKey(scope: ApiKeyScope): string {
  return scope.replace(/:(\w)/, (_, letter: string) => letter.toUpperCase())
}

type Values = { name: string; scopes: string[]; expiresOn: string }
const EMPTY: Values = { name: '', scopes: [], expiresOn: '' }

/** The last instant of a day in the reader's own zone, as the API takes an expiry. */
export function endOfDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, date, 23, 59, 59, 999).toISOString()
}

function today(): string {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

function KeyRow({ apiKey, onRevoke, revoking }: { apiKey: ApiKey; onRevoke: (apiKey: ApiKey) => void; revoking: boolean }) {
  const { t, i18n } = useTranslation()
  return (
    <Paper component="li" withBorder p="md" aria-label={apiKey.name}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{apiKey.name}</Text>
            {apiKey.expired && (
              <Badge color="red" variant="light" tt="none">
                {t(`${P}.expiredBadge`)}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="gray.7" ff="monospace">
            {t(`${P}.starts`, { start: apiKey.start })}
          </Text>
          <Group gap={4}>
            {apiKey.scopes.map((scope) => (
              <Badge key={scope} variant="outline" tt="none">
                {t(`${P}.scopes.${scopeKey(scope)}`)}
              </Badge>
            ))}
          </Group>
          <Text size="sm" c="gray.7">
            {apiKey.expiresAt
              ? t(apiKey.expired ? `${P}.expiredOn` : `${P}.expiresOn`, { date: formatDateTime(i18n.language, apiKey.expiresAt) })
              : t(`${P}.neverExpires`)}
          </Text>
          <Text size="sm" c="gray.7">
            {apiKey.lastUsedAt ? t(`${P}.lastUsed`, { when: lastSeenText(t, i18n.language, apiKey.lastUsedAt) }) : t(`${P}.neverUsed`)}
          </Text>
        </Stack>
        <Button variant="default" color="red" size="xs" onClick={() => onRevoke(apiKey)} loading={revoking} aria-label={t(`${P}.revokeNamed`, { name: apiKey.name })}>
          {t(`${P}.revoke`)}
        </Button>
      </Group>
    </Paper>
  )
}

/** The key just made, shown this once with a copy button: only its hash is kept by the server. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert color="green" title={t(`${P}.createdTitle`, { name: created.key.name })} role="status">
      <Stack gap="xs">
        <Text size="sm">{t(`${P}.shownOnce`)}</Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label={t(`${P}.theKey`)} value={created.secret} readOnly style={{ flex: 1 }} ff="monospace" onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={created.secret}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t(`${P}.copied`) : t(`${P}.copy`)}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group>
          <Button variant="subtle" onClick={onDone}>
            {t(`${P}.done`)}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { t } = useTranslation()
  const create = useCreateApiKey()
  const form = useSchemaForm({
    schema: CreateApiKeySchema,
    initialValues: EMPTY,
    toInput: ({ name, scopes, expiresOn }) => ({ name, scopes, expiresAt: expiresOn ? endOfDay(expiresOn) : null }),
    fields: ['name', 'scopes', 'expiresAt'],
  })
  const onSubmit = form.onSubmit((data) =>
    create.mutate(data, {
      onSuccess: (created) => {
        form.setValues(EMPTY)
        onCreated(created)
      },
      onError: (error) => {
        if (!form.serverErrors(error)) notifyError(error)
      },
    }),
  )
  const scopes = form.field('scopes')
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t(`${P}.formLabel`)}>
      <Stack gap="sm">
        <TextInput label={t(`${P}.name`)} description={t(`${P}.nameHint`)} name="name" maxLength={80} withAsterisk {...form.field('name')} />
        <Checkbox.Group label={t(`${P}.scopesLabel`)} withAsterisk value={scopes.value} onChange={scopes.onChange} error={scopes.error}>
          <Stack gap={6} mt={6}>
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={t(`${P}.scopes.${scopeKey(scope)}`)} description={t(`${P}.scopeHints.${scopeKey(scope)}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <DateInput
          label={t(`${P}.expiry`)}
          description={t(`${P}.expiryHint`)}
          name="expiresOn"
          minDate={today()}
          value={form.values.expiresOn}
          onChange={(value) => form.setValue('expiresOn', value, ['expiresAt'])}
          error={form.errorOf('expiresAt')}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t(`${P}.create`)}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** /profile's API keys (issue #37, decision 078): the user's keys, a new one shown once, and revoking one. */
export function ApiKeysSection() {
  const { t } = useTranslation()
  const dialog = useDialog()
  const keys = useApiKeys()
  const revoke = useRevokeApiKey()
  const [created, setCreated] = useState<CreatedApiKey | null>(null)

  const onRevoke = async (apiKey: ApiKey) => {
    const confirmed = await dialog.confirm({
      title: t(`${P}.confirmTitle`),
      message: t(`${P}.confirmBody`, { name: apiKey.name }),
      confirmLabel: t(`${P}.revoke`),
    })
    if (!confirmed) return
    revoke.mutate(apiKey.id, {
      onSuccess: () => notifySuccess(t(`${P}.revoked`, { name: apiKey.name })),
      // Revoked from another tab meanwhile: what the user wanted has happened.
      onError: (error) => (error instanceof ApiClientError && error.status === 404 ? notifySuccess(t(`${P}.revoked`, { name: apiKey.name })) : notifyError(error)),
    })
    if (created?.key.id === apiKey.id) setCreated(null)
  }

  return (
    <Stack gap="md">
      <Text>{t(`${P}.body`)}</Text>
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      {keys.isPending ? (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t(`${P}.loading`)}</Text>
        </Group>
      ) : keys.isError ? (
        <LoadFailedAlert title={t(`${P}.loadFailed`)} error={keys.error} onRetry={() => void keys.refetch()} />
      ) : keys.data.items.length === 0 ? (
        <Text c="gray.7">{t(`${P}.empty`)}</Text>
      ) : (
        <Stack component="ul" gap="sm" aria-label={t(`${P}.listLabel`)} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {keys.data.items.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={(chosen) => void onRevoke(chosen)} revoking={revoke.isPending && revoke.variables === apiKey.id} />
          ))}
        </Stack>
      )}
      <CreateKeyForm onCreated={setCreated} />
    </Stack>
  )
}
