import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link, Navigate } from '../../../shared/navigation'
import { listingImportPath } from '@offerbook/domain/listing-import'
import { errorText } from '../../../shared/i18n/messages'
import { CenteredLoader } from '../../../shared/ui/centered-loader'
import { useImportJob } from '../api/listing-import'
import { jobErrorText } from '../import-state'
import { ImportGone } from './import-gone'

/** The progress step: a progress bar fed by polling the import until it has finished. */
export function ProgressStep({ jobId }: { jobId: string }) {
  const { t } = useTranslation()
  const job = useImportJob(jobId)
  if (job.isPending) return <CenteredLoader />
  if (job.isError) return <ImportGone message={errorText(job.error)} retry={() => void job.refetch()} />
  const { status, processed, total } = job.data
  if (status === 'pending') return <Navigate replace to={listingImportPath('map', jobId)} />

  const done = status === 'done'
  const percent = total === 0 ? (done ? 100 : 0) : Math.round((processed / total) * 100)
  const counted = t('listingImport.progress.counted', { processed, total })

  return (
    <Stack gap="lg">
      <Progress.Root size="xl" aria-hidden={false}>
        <Progress.Section
          value={percent}
          withAria={false}
          role="progressbar"
          aria-label={t('listingImport.progress.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={counted}
          color={status === 'failed' ? 'red' : undefined}
          animated={status === 'running'}
        >
          <Progress.Label>{percent}%</Progress.Label>
        </Progress.Section>
      </Progress.Root>
      <Text role="status" aria-live="polite">
        {status === 'running' ? t('listingImport.progress.running', { processed, total }) : done ? t('listingImport.progress.done', { total }) : counted}
      </Text>
      {status === 'failed' && (
        <Alert color="red" role="alert" title={t('listingImport.progress.failedTitle')}>
          {jobErrorText(job.data)}
        </Alert>
      )}
      <Group>
        {done && (
          <Button component={Link} to={listingImportPath('report', jobId)}>
            {t('listingImport.progress.seeReport')}
          </Button>
        )}
        {status === 'failed' && (
          <>
            <Button component={Link} to={listingImportPath('report', jobId)} variant="default">
              {t('listingImport.progress.seeReport')}
            </Button>
            <Button component={Link} to={listingImportPath('list')}>
              {t('listingImport.gone.startOver')}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  )
}
