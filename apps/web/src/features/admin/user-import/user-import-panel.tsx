import { useState } from 'react'
import { Alert, Button, FileInput, Group, Loader, Paper, Progress, Radio, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { isMessageKey } from '@offerbook/domain/messages'
import type { UserImportJob, UserImportOnExisting, UserImportPreview } from '@offerbook/domain/user-import'
import { USER_IMPORT_LIMITS } from '@offerbook/domain/user-import'
import { errorText, translate } from '../../../shared/i18n/messages'
import { useBusyAction } from '../../../shared/use-busy-action'
import { downloadUserImportReport, useStartUserImport, useUploadUserImport, useUserImportJob } from './user-import-api'
import { DataTable } from '../../../shared/ui/data-table'

const P = 'userImport'

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  )
}

/** The preview's problems by line, column and message, in the reader's language. */
function ProblemsTable({ preview }: { preview: UserImportPreview }) {
  const { t } = useTranslation()
  if (preview.problems.length === 0) return <Alert color="green">{t(`${P}.noProblems`)}</Alert>
  return (
    <DataTable
      minWidth={500}
      striped
      aria-label={t(`${P}.problems`)}
      data-testid="user-import-problems"
      columns={[t(`${P}.line`), t(`${P}.column`), t(`${P}.message`)]}
      items={preview.problems}
      row={(problem, index) => (
        <Table.Tr key={`${problem.line}-${problem.column ?? ''}-${index}`}>
          <Table.Td>{problem.line}</Table.Td>
          <Table.Td>{problem.column ?? '—'}</Table.Td>
          <Table.Td>{isMessageKey(problem.message.key) ? translate({ key: problem.message.key, params: problem.message.params }) : problem.message.key}</Table.Td>
        </Table.Tr>
      )}
    />
  )
}

function JobProgress({ id, onAgain }: { id: string; onAgain: () => void }) {
  const { t, i18n } = useTranslation()
  const job = useUserImportJob(id)
  const [downloadError, setDownloadError] = useState<unknown>(null)
  const { busy, run } = useBusyAction()
  if (job.isPending) return <Loader role="status" aria-label={t(`${P}.loading`)} />
  if (job.isError) return <Alert color="red">{errorText(job.error)}</Alert>
  const data: UserImportJob = job.data
  const percent = data.total > 0 ? Math.round((data.processed / data.total) * 100) : 100
  const finished = data.status === 'done' || data.status === 'failed'
  const download = () => {
    setDownloadError(null)
    run('report', () => downloadUserImportReport(id), setDownloadError)
  }
  return (
    <Stack gap="sm" aria-live="polite">
      <Title order={2} size="h3">
        {finished ? t(`${P}.finished`) : t(`${P}.running`)}
      </Title>
      <Progress.Root size="lg">
        <Progress.Section value={percent} animated={!finished} aria-label={t(`${P}.progress`)} aria-valuetext={t(`${P}.progressText`, { processed: data.processed, total: data.total })} />
      </Progress.Root>
      <Text size="sm" data-testid="user-import-progress">
        {t(`${P}.progressText`, { processed: data.processed, total: data.total })}
      </Text>
      {data.resumedAt.map((row) => (
        <Text key={row} size="sm" c="dimmed" data-testid="user-import-resumed">
          {t(`${P}.resumed`, { row: row.toLocaleString(i18n.language) })}
        </Text>
      ))}
      {data.status === 'failed' && <Alert color="red">{t(`${P}.jobFailed`)}</Alert>}
      {finished && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            <Count label={t(`${P}.created`)} value={data.created} testId="user-import-created" />
            <Count label={t(`${P}.updated`)} value={data.updated} testId="user-import-updated" />
            <Count label={t(`${P}.skipped`)} value={data.skipped} testId="user-import-skipped" />
            <Count label={t(`${P}.failed`)} value={data.failed} testId="user-import-failed" />
            <Count label={t(`${P}.invalid`)} value={data.invalid} testId="user-import-invalid" />
          </SimpleGrid>
          {downloadError !== null && <Alert color="red">{errorText(downloadError)}</Alert>}
          <Group>
            <Button onClick={download} loading={busy === 'report'}>
              {t(`${P}.downloadReport`)}
            </Button>
            <Button variant="default" onClick={onAgain}>
              {t(`${P}.another`)}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  )
}

/** /admin/import-users: upload a CSV, read its preview, choose what existing emails do, import, follow, download the report. */
export function UserImportPanel() {
  const { t } = useTranslation()
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [onExisting, setOnExisting] = useState<UserImportOnExisting>('skip')
  const [jobId, setJobId] = useState<string | null>(null)
  const upload = useUploadUserImport()
  const start = useStartUserImport()
  const preview = upload.data

  const reset = () => {
    upload.reset()
    start.reset()
    setJobId(null)
    setFile(null)
    setFileError(null)
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setFileError(null)
    upload.reset()
    if (!file) return setFileError(t(`${P}.fileRequired`))
    if (file.size > USER_IMPORT_LIMITS.fileMaxBytes) return setFileError(translate('userImport.fileTooLarge'))
    upload.mutate(file)
  }

  if (jobId) return <JobProgress id={jobId} onAgain={reset} />

  if (preview) {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          {t(`${P}.previewTitle`, { filename: preview.filename })}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Count label={t(`${P}.rows`)} value={preview.total} testId="user-import-total" />
          <Count label={t(`${P}.valid`)} value={preview.valid} testId="user-import-valid" />
          <Count label={t(`${P}.withProblems`)} value={preview.total - preview.valid} testId="user-import-with-problems" />
        </SimpleGrid>
        <ProblemsTable preview={preview} />
        <Radio.Group label={t(`${P}.onExisting`)} value={onExisting} onChange={(value) => setOnExisting(value as UserImportOnExisting)}>
          <Stack gap="xs" mt="xs">
            <Radio value="skip" label={t(`${P}.skipExisting`)} />
            <Radio value="update" label={t(`${P}.updateExisting`)} />
          </Stack>
        </Radio.Group>
        {start.isError && <Alert color="red">{errorText(start.error)}</Alert>}
        {preview.valid === 0 && <Alert color="yellow">{t(`${P}.nothingValid`)}</Alert>}
        <Group>
          <Button disabled={preview.valid === 0} loading={start.isPending} onClick={() => start.mutate({ id: preview.id, body: { onExisting } }, { onSuccess: (answer) => setJobId(answer.id) })}>
            {t(`${P}.import`, { count: preview.valid })}
          </Button>
          <Button variant="default" onClick={reset}>
            {t(`${P}.chooseAnother`)}
          </Button>
        </Group>
      </Stack>
    )
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={560}>
        <Text size="sm">{t(`${P}.intro`)}</Text>
        <FileInput
          label={t(`${P}.file`)}
          description={t(`${P}.fileHint`)}
          accept=".csv,text/csv"
          value={file}
          onChange={(value) => {
            setFile(value)
            setFileError(null)
          }}
          error={fileError}
          clearable
          required
        />
        {upload.isError && (
          <Alert color="red" role="alert">
            {errorText(upload.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={upload.isPending}>
            {t(`${P}.upload`)}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
