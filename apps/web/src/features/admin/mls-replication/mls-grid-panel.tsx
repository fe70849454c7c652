import { Alert, Badge, Button, Card, Group, List, NumberInput, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { MlsGridStatus, MlsRun } from '@offerbook/domain/mls-replication'
import { MLS_REPLICATION_LIMITS, UpdateMlsScheduleSchema } from '@offerbook/domain/mls-replication'
import { translate } from '../../../shared/i18n/messages'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { useMlsGridStatus, useRunMlsReplication, useSaveMlsSchedule } from './mls-replication-api'
import { DataTable } from '../../../shared/ui/data-table'
import { formatDateTime } from '../../../shared/format-date-time'

const P = 'mlsReplication'
const STATUS_COLORS: Record<MlsRun['status'], string> = { running: 'blue', done: 'green', failed: 'red' }

/** The feed's settings (never the token), the high-water mark and 'Run now'. */
function FeedSettings({ status }: { status: MlsGridStatus }) {
  const { t, i18n } = useTranslation()
  const run = useRunMlsReplication()
  const start = () =>
    run.mutate(undefined, {
      onSuccess: () => notifySuccess(t(`${P}.runStarted`)),
      onError: notifyError,
    })
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3}>{t(`${P}.feed`)}</Title>
        {status.configured ? (
          <Badge color="green" variant="light" tt="none">
            {t(`${P}.configured`)}
          </Badge>
        ) : (
          <Alert color="yellow" title={t(`${P}.notConfiguredTitle`)} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            {translate('mlsReplication.notConfigured')}
          </Alert>
        )}
        <dl style={{ margin: 0 }}>
          <Group gap="xs">
            <Text component="dt" fw={600} size="sm">
              {t(`${P}.url`)}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {status.url ?? t(`${P}.notSet`)}
            </Text>
          </Group>
          <Group gap="xs">
            <Text component="dt" fw={600} size="sm">
              {t(`${P}.systemName`)}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {status.systemName ?? t(`${P}.notSet`)}
            </Text>
          </Group>
          <Group gap="xs">
            <Text component="dt" fw={600} size="sm">
              {t(`${P}.highWater`)}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {status.highWater ? formatDateTime(i18n.language, status.highWater) : t(`${P}.noHighWater`)}
            </Text>
          </Group>
        </dl>
        <Group gap="sm">
          <Button onClick={start} disabled={!status.configured || status.running} loading={run.isPending}>
            {t(`${P}.runNow`)}
          </Button>
          {status.running && (
            <Text size="sm" aria-live="polite">
              {t(`${P}.runningNow`)}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  )
}

/** Every N minutes, or off. */
function ScheduleForm({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation()
  const save = useSaveMlsSchedule()
  // What the admin typed (null until then: the saved schedule shows).
  const form = useSchemaForm({
    schema: UpdateMlsScheduleSchema,
    initialValues: { minutes: null as string | number | null },
    toInput: (values) => {
      const typed = values.minutes ?? minutes ?? ''
      return { minutes: typed === '' ? undefined : Number(typed) }
    },
  })
  const value = form.values.minutes ?? minutes ?? ''

  const send = (next: number | null) =>
    save.mutate(
      { minutes: next },
      {
        onSuccess: () => {
          form.setValue('minutes', null)
          notifySuccess(t(next === null ? `${P}.scheduleOff` : `${P}.scheduleSaved`, { minutes: next }))
        },
        onError: (failure) => {
          if (!form.serverErrors(failure)) notifyError(failure)
        },
      },
    )

  const submit = form.onSubmit((data) => send(data.minutes))
  const shownError = form.errorOf('minutes')

  return (
    <Card withBorder padding="md">
      <form onSubmit={submit} noValidate aria-label={t(`${P}.scheduleForm`)}>
        <Stack gap="sm">
          <Title order={3}>{t(`${P}.schedule`)}</Title>
          <Text size="sm">{minutes === null ? t(`${P}.scheduleIsOff`) : t(`${P}.scheduleIsOn`, { minutes })}</Text>
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={t(`${P}.minutes`)}
              description={t(`${P}.minutesHelp`)}
              value={value}
              onChange={(next) => form.setValue('minutes', next)}
              min={MLS_REPLICATION_LIMITS.scheduleMinMinutes}
              max={MLS_REPLICATION_LIMITS.scheduleMaxMinutes}
              clampBehavior="none"
              allowDecimal={false}
              error={shownError}
              w={260}
            />
            <Button type="submit" mb={shownError ? 22 : 0} loading={save.isPending && save.variables?.minutes !== null}>
              {t(`${P}.saveSchedule`)}
            </Button>
            <Button variant="default" mb={shownError ? 22 : 0} disabled={minutes === null} loading={save.isPending && save.variables?.minutes === null} onClick={() => send(null)}>
              {t(`${P}.turnOff`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}

function RunsTable({ runs }: { runs: MlsRun[] }) {
  const { t, i18n } = useTranslation()
  if (runs.length === 0) return <Text c="gray.7">{t(`${P}.noRuns`)}</Text>
  return (
    <DataTable
      minWidth={800}
      striped
      aria-label={t(`${P}.runsTable`)}
      columns={['startedAt', 'trigger', 'status', 'created', 'updated', 'deleted', 'photos', 'errors'].map((column) => t(`${P}.${column}`))}
      items={runs}
      row={(run) => (
        <Table.Tr key={run.id}>
          <Table.Td>{formatDateTime(i18n.language, run.startedAt)}</Table.Td>
          <Table.Td>{t(`${P}.triggers.${run.trigger}`)}</Table.Td>
          <Table.Td>
            <Badge color={STATUS_COLORS[run.status]} variant="light" tt="none">
              {t(`${P}.statuses.${run.status}`)}
            </Badge>
          </Table.Td>
          <Table.Td>{run.created}</Table.Td>
          <Table.Td>{run.updated}</Table.Td>
          <Table.Td>{run.deleted}</Table.Td>
          <Table.Td>{run.photos}</Table.Td>
          <Table.Td>
            {run.errors.length === 0 ? (
              '0'
            ) : (
              <List size="xs" spacing={2}>
                {run.errors.slice(0, 5).map((error, index) => (
                  <List.Item key={index}>{error.listingKey ? `${error.listingKey}: ${error.message}` : error.message}</List.Item>
                ))}
                {run.errors.length > 5 && <List.Item>{t(`${P}.moreErrors`, { count: run.errors.length - 5 })}</List.Item>}
              </List>
            )}
          </Table.Td>
        </Table.Tr>
      )}
    />
  )
}

/** The top of /admin/mls-grid-listing: the feed, the schedule and the runs. Tells the page whether a run is running. */
export function MlsGridPanel({ children }: { children: (status: MlsGridStatus) => React.ReactNode }) {
  const { t } = useTranslation()
  const status = useMlsGridStatus()
  if (status.isPending)
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t(`${P}.loading`)}>
        <Skeleton height={140} />
        <Skeleton height={100} />
      </Stack>
    )
  if (status.isError) return <LoadFailedAlert title={t(`${P}.loadFailed`)} error={status.error} onRetry={() => void status.refetch()} />
  const data = status.data
  return (
    <Stack gap="md">
      <Group align="stretch" grow wrap="wrap">
        <FeedSettings status={data} />
        <ScheduleForm minutes={data.schedule.minutes} />
      </Group>
      <Title order={3}>{t(`${P}.runs`)}</Title>
      <RunsTable runs={data.runs} />
      {children(data)}
    </Stack>
  )
}
