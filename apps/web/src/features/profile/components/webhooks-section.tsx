import { Alert, Badge, Button, Checkbox, CopyButton, Group, Loader, Paper, Stack, Switch, Table, Text, TextInput, VisuallyHidden } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { CreatedWebhook, Webhook, WebhookEventType } from '@offerbook/domain/webhooks'
import { CreateWebhookSchema, WEBHOOK_EVENT_TYPES } from '@offerbook/domain/webhooks'
import { formatDateTime } from '../../../shared/format-date-time'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { useDialog } from '../../../shared/ui/app-dialog'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { useCreateWebhook, useDeleteWebhook, useRedeliver, useSetWebhookEnabled, useWebhookDeliveries, useWebhooks } from '../api/webhooks'

const P = 'webhooks'

/** An event's text key: 'offer.shared' -> 'offerShared' (i18next reads '.' as nesting). */
export const eventKey = (type: WebhookEventType) => type.replace(/\.(\w)/, (_, letter: string) => letter.toUpperCase())

function Loading({ label }: { label: string }) {
  return (
    <Group gap="sm" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  )
}

/** An endpoint's latest deliveries, each attempt's status and time, and a Redeliver button. */
function DeliveryLog({ endpoint }: { endpoint: Webhook }) {
  const { t, i18n } = useTranslation()
  const deliveries = useWebhookDeliveries(endpoint.id)
  const redeliver = useRedeliver(endpoint.id)
  if (deliveries.isPending) return <Loading label={t(`${P}.logLoading`)} />
  if (deliveries.isError) return <LoadFailedAlert title={t(`${P}.logLoadFailed`)} error={deliveries.error} onRetry={() => void deliveries.refetch()} />
  if (deliveries.data.items.length === 0) return <Text size="sm" c="gray.7">{t(`${P}.logEmpty`)}</Text>
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={t(`${P}.logLabel`, { url: endpoint.url })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${P}.event`)}</Table.Th>
            <Table.Th>{t(`${P}.status`)}</Table.Th>
            <Table.Th>{t(`${P}.attempts`)}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t(`${P}.actions`)}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.items.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td>
                <Text size="sm">{t(`${P}.events.${eventKey(delivery.type)}`)}</Text>
                <Text size="xs" c="gray.7">
                  {formatDateTime(i18n.language, delivery.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" tt="none" color={delivery.status === 'delivered' ? 'green' : delivery.status === 'pending' ? 'blue' : 'red'}>
                  {t(`${P}.statuses.${delivery.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {delivery.attempts.map((attempt, index) => (
                    <Text key={index} component="li" size="xs">
                      {t(`${P}.attempt`, { when: formatDateTime(i18n.language, attempt.at), status: attempt.status ?? attempt.error ?? '—' })}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  loading={redeliver.isPending && redeliver.variables === delivery.id}
                  onClick={() => redeliver.mutate(delivery.id, { onSuccess: () => notifySuccess(t(`${P}.redelivered`)), onError: notifyError })}
                >
                  {t(`${P}.redeliver`)}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function EndpointRow({ endpoint }: { endpoint: Webhook }) {
  const { t } = useTranslation()
  const dialog = useDialog()
  const [showLog, setShowLog] = useState(false)
  const setEnabled = useSetWebhookEnabled()
  const remove = useDeleteWebhook()
  const onDelete = async () => {
    const confirmed = await dialog.confirm({ title: t(`${P}.confirmTitle`), message: t(`${P}.confirmBody`, { url: endpoint.url }), confirmLabel: t(`${P}.delete`) })
    // Awaited, not mutate's own callbacks: the row is gone once the list refreshes, and they would never run.
    if (confirmed) await remove.mutateAsync(endpoint.id).then(() => notifySuccess(t(`${P}.deleted`)), notifyError)
  }
  return (
    <Paper component="li" withBorder p="md" aria-label={endpoint.url}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Text fw={600} ff="monospace" style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Text>
            {endpoint.disabledReason === 'failing' && (
              <Badge color="red" variant="light" tt="none">
                {t(`${P}.failing`)}
              </Badge>
            )}
            <Group gap={4}>
              {endpoint.events.map((type) => (
                <Badge key={type} variant="outline" tt="none">
                  {t(`${P}.events.${eventKey(type)}`)}
                </Badge>
              ))}
            </Group>
          </Stack>
          <Switch
            label={t(`${P}.enabled`)}
            checked={endpoint.enabled}
            disabled={setEnabled.isPending}
            onChange={(event) => setEnabled.mutate({ id: endpoint.id, enabled: event.currentTarget.checked }, { onError: notifyError })}
          />
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" aria-expanded={showLog} onClick={() => setShowLog((shown) => !shown)}>
            {showLog ? t(`${P}.hideLog`) : t(`${P}.showLog`)}
          </Button>
          <Button size="xs" variant="default" color="red" loading={remove.isPending} onClick={() => void onDelete()} aria-label={t(`${P}.deleteNamed`, { url: endpoint.url })}>
            {t(`${P}.delete`)}
          </Button>
        </Group>
        {showLog && <DeliveryLog endpoint={endpoint} />}
      </Stack>
    </Paper>
  )
}

/** The secret just made, shown this once with a copy button. */
function NewSecret({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert color="green" title={t(`${P}.createdTitle`)} role="status">
      <Stack gap="xs">
        <Text size="sm">{t(`${P}.shownOnce`)}</Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label={t(`${P}.theSecret`)} value={created.secret} readOnly style={{ flex: 1 }} ff="monospace" onFocus={(event) => event.currentTarget.select()} />
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

type Values = { url: string; events: string[] }
const EMPTY: Values = { url: '', events: [] }

function CreateEndpointForm({ onCreated }: { onCreated: (created: CreatedWebhook) => void }) {
  const { t } = useTranslation()
  const create = useCreateWebhook()
  const form = useSchemaForm({ schema: CreateWebhookSchema, initialValues: EMPTY, toInput: (values) => values, fields: ['url', 'events'] })
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
  const events = form.field('events')
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t(`${P}.formLabel`)}>
      <Stack gap="sm">
        <TextInput label={t(`${P}.url`)} description={t(`${P}.urlHint`)} name="url" type="url" maxLength={2000} withAsterisk {...form.field('url')} />
        <Checkbox.Group label={t(`${P}.eventsLabel`)} withAsterisk value={events.value} onChange={events.onChange} error={events.error}>
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`${P}.events.${eventKey(type)}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t(`${P}.create`)}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** /profile's Webhooks (issue #37, decision 079): endpoints, a new one's secret shown once, and each one's delivery log. */
export function WebhooksSection() {
  const { t } = useTranslation()
  const endpoints = useWebhooks()
  const [created, setCreated] = useState<CreatedWebhook | null>(null)
  return (
    <Stack gap="md">
      <Text>{t(`${P}.body`)}</Text>
      {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
      {endpoints.isPending ? (
        <Loading label={t(`${P}.loading`)} />
      ) : endpoints.isError ? (
        <LoadFailedAlert title={t(`${P}.loadFailed`)} error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.items.length === 0 ? (
        <Text c="gray.7">{t(`${P}.empty`)}</Text>
      ) : (
        <Stack component="ul" gap="sm" aria-label={t(`${P}.listLabel`)} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {endpoints.data.items.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} />
          ))}
        </Stack>
      )}
      <CreateEndpointForm onCreated={setCreated} />
    </Stack>
  )
}
