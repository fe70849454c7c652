import { Button, Skeleton, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { JobStatus } from '@offerbook/domain/jobs'
import { JOB_LIMITS } from '@offerbook/domain/jobs'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { useJobs, useRetryJob } from './jobs-api'
import { DataTable } from '../../../shared/ui/data-table'
import { dateTimeFormat, numberFormat } from '@offerbook/domain/intl-formats'

const P = 'jobs'

function dateTime(language: string, iso: string | null, never: string): string {
  return iso ? dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso)) : never
}

/** 2 s, 30 s, 1 min: the job's interval in the reader's language. */
function interval(language: string, ms: number): string {
  const minutes = ms >= 60_000 && ms % 60_000 === 0
  return numberFormat(language, { style: 'unit', unit: minutes ? 'minute' : 'second', unitDisplay: 'short', maximumFractionDigits: 1 }).format(minutes ? ms / 60_000 : ms / 1000)
}

function Outcome({ job }: { job: JobStatus }) {
  const { t } = useTranslation()
  if (!job.lastOutcome) return <Text size="sm">{t(`${P}.outcomes.never`)}</Text>
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={600} c={job.lastOutcome === 'failed' ? 'red.9' : undefined}>
        {t(`${P}.outcomes.${job.lastOutcome}`)}
      </Text>
      {job.lastError && (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {job.lastError}
        </Text>
      )}
    </Stack>
  )
}

/** `asOf`: when the list was read, against which a lease counts as still held. */
function State({ job, asOf }: { job: JobStatus; asOf: number }) {
  const { t } = useTranslation()
  const retry = useRetryJob()
  const name = t(`${P}.names.${job.name}`)
  if (job.deadLetteredAt) {
    const runAgain = () =>
      retry.mutate(job.name, {
        onSuccess: () => notifySuccess(t(`${P}.retried`, { job: name })),
        onError: notifyError,
      })
    return (
      <Stack gap={6} align="flex-start">
        <Text size="sm" fw={700} c="red.9">
          {t(`${P}.states.deadLettered`)}
        </Text>
        <Button size="xs" onClick={runAgain} loading={retry.isPending} aria-label={t(`${P}.runAgainLabel`, { job: name })}>
          {t(`${P}.runAgain`)}
        </Button>
      </Stack>
    )
  }
  const leased = job.leaseOwner && job.leaseUntil && new Date(job.leaseUntil).getTime() > asOf
  return (
    <Text size="sm" fw={leased ? 600 : undefined}>
      {leased ? t(`${P}.states.running`) : t(`${P}.states.waiting`)}
    </Text>
  )
}

/** /admin/jobs: each background job, how it runs, its last run and its failures; a dead-lettered one gets "Run again". */
export function JobsTable() {
  const { t, i18n } = useTranslation()
  const jobs = useJobs()
  if (jobs.isPending)
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t(`${P}.loading`)}>
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    )
  if (jobs.isError) return <LoadFailedAlert title={t(`${P}.loadFailed`)} error={jobs.error} onRetry={() => void jobs.refetch()} />
  const items = jobs.data.items
  const never = t(`${P}.never`)
  return (
    <Stack gap="sm">
      <Text size="sm">{t(`${P}.intro`, { max: JOB_LIMITS.maxFailures })}</Text>
      {items.length === 0 ? (
        <Text c="gray.7">{t(`${P}.empty`)}</Text>
      ) : (
        <DataTable
          minWidth={960}
          striped
          aria-label={t(`${P}.table`)}
          columns={['job', 'runs', 'lastStarted', 'lastFinished', 'outcome', 'failures', 'nextRun', 'state'].map((column) => t(`${P}.columns.${column}`))}
          items={items}
          row={(job) => (
            <Table.Tr key={job.name}>
              <Table.Th scope="row" fw={600}>
                {t(`${P}.names.${job.name}`)}
              </Table.Th>
              <Table.Td>{job.kind && job.everyMs ? t(`${P}.kinds.${job.kind}`, { every: interval(i18n.language, job.everyMs) }) : never}</Table.Td>
              <Table.Td>{dateTime(i18n.language, job.lastStartedAt, never)}</Table.Td>
              <Table.Td>{dateTime(i18n.language, job.lastFinishedAt, never)}</Table.Td>
              <Table.Td>
                <Outcome job={job} />
              </Table.Td>
              <Table.Td>{job.consecutiveFailures}</Table.Td>
              <Table.Td>{job.deadLetteredAt ? t(`${P}.notScheduled`) : dateTime(i18n.language, job.nextRunAt, never)}</Table.Td>
              <Table.Td>
                <State job={job} asOf={jobs.dataUpdatedAt} />
              </Table.Td>
            </Table.Tr>
          )}
        />
      )}
    </Stack>
  )
}
