import { useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import { Alert, Anchor, Button, Card, FileInput, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconCloudDownload, IconJson } from '@tabler/icons-react'
import type { Icon } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link, useNavigate } from '../../../shared/navigation'
import type { ImportPreview, ImportSources } from '@offerbook/domain/listing-import'
import { LISTING_IMPORT_LIMITS, listingImportPath } from '@offerbook/domain/listing-import'
import type { Message } from '@offerbook/domain/messages'
import { ApiClientError, UNKNOWN_ERROR } from '../../../shared/api-client'
import { errorText, translate, translateOptional } from '../../../shared/i18n/messages'
import { CenteredLoader, InlineLoader } from '../../../shared/ui/centered-loader'
import { useCheckFeed, useImportPreview, useImportSources, useUploadResoFile } from '../api/listing-import'
import { formatDateTime } from '../../../shared/format-date-time'

const PROFILE_PATH = '/profile'

/** One place listings come from (the MLS feed, a file), as a section named by its heading. */
function SourceCard({ icon: Icon, title, children }: { icon: Icon; title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="xs">
          <Icon size={24} stroke={1.5} aria-hidden />
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Card>
  )
}

/** Where the agent changes the MLS ID the feed and imported listings go by. */
function ChangeMlsIdLink() {
  const { t } = useTranslation()
  return (
    <Anchor component={Link} to={PROFILE_PATH} size="sm">
      {t('listingImport.list.changeMlsId')}
    </Anchor>
  )
}

function FeedCard({ sources }: { sources: ImportSources }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const check = useCheckFeed()

  let body
  if (!sources.feed.configured) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Alert color="gray" title={t('listingImport.list.feedOffTitle')} w="100%">
          {translate('listingImport.feedNotConfigured')}
        </Alert>
        {sources.mlsId && (
          <>
            <Text size="sm">{t('listingImport.list.yourMlsId', { mlsId: sources.mlsId })}</Text>
            <ChangeMlsIdLink />
          </>
        )}
      </Stack>
    )
  } else if (!sources.mlsId) {
    body = (
      <Alert color="yellow" title={t('listingImport.list.noMlsIdTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{translate('listingImport.noMlsId')}</Text>
          <Text size="sm">{t('listingImport.list.noMlsIdHow')}</Text>
          <Anchor component={Link} to={PROFILE_PATH} size="sm">
            {t('listingImport.list.openProfile')}
          </Anchor>
        </Stack>
      </Alert>
    )
  } else {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('listingImport.list.feedFor', { mlsId: sources.mlsId })}</Text>
        <ChangeMlsIdLink />
        <Text size="sm" c="gray.7">
          {sources.lastFeedTimestamp ? t('listingImport.list.since', { date: formatDateTime(i18n.language, sources.lastFeedTimestamp) }) : t('listingImport.list.firstLoad')}
        </Text>
        {check.isError && (
          <Alert color="red" role="alert" w="100%">
            {errorText(check.error)}
          </Alert>
        )}
        <Button
          leftSection={<IconCloudDownload size={18} aria-hidden />}
          loading={check.isPending}
          onClick={() => check.mutate(undefined, { onSuccess: (preview) => void navigate(listingImportPath('list', preview.job.id)) })}
        >
          {t('listingImport.list.checkFeed')}
        </Button>
      </Stack>
    )
  }

  return (
    <SourceCard icon={IconCloudDownload} title={t('listingImport.list.feedTitle')}>
      {body}
    </SourceCard>
  )
}

function FileCard({ maxBytes }: { maxBytes: number }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const upload = useUploadResoFile()
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<Message | null>(null)
  const limitMb = Math.round(maxBytes / 1024 / 1024)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!file) return setError({ key: 'listingImport.fileMissing' })
    if (file.size > maxBytes) return setError({ key: 'listingImport.fileTooLarge' })
    setError(null)
    upload.mutate(file, {
      onSuccess: (preview) => void navigate(listingImportPath('list', preview.job.id)),
      onError: (failure) => setError(failure instanceof ApiClientError ? failure.detail : UNKNOWN_ERROR),
    })
  }

  return (
    <SourceCard icon={IconJson} title={t('listingImport.list.fileTitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <FileInput
            label={t('listingImport.list.fileLabel')}
            description={t('listingImport.list.fileHelp', { size: limitMb })}
            placeholder={t('listingImport.list.filePlaceholder')}
            // Mantine's default placeholder grey is too light for WCAG AA contrast.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            accept="application/json,.json"
            value={file}
            onChange={(chosen) => {
              setFile(chosen)
              setError(null)
            }}
            error={translateOptional(error)}
            clearable
          />
          <Button type="submit" variant="light" loading={upload.isPending} w="fit-content">
            {t('listingImport.list.readFile')}
          </Button>
        </Stack>
      </form>
    </SourceCard>
  )
}

/** What a pending import holds, before the agent picks from it. */
function PendingSummary({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation()
  const count = (action: string) => preview.records.filter((record) => record.action === action).length
  const source = preview.job.source === 'mls-grid' ? t('listingImport.source.feed') : t('listingImport.source.file', { name: preview.job.fileName ?? '' })
  const started = preview.job.status !== 'pending'
  return (
    <Alert color="brand" title={t('listingImport.list.foundTitle', { source })} role="status">
      <Stack gap="sm" align="flex-start">
        {preview.records.length === 0 ? (
          <Text size="sm">{t('listingImport.list.nothingNew')}</Text>
        ) : (
          <List size="sm" spacing={2}>
            {count('create') > 0 && <List.Item>{t('listingImport.list.countCreate', { count: count('create') })}</List.Item>}
            {count('update') > 0 && <List.Item>{t('listingImport.list.countUpdate', { count: count('update') })}</List.Item>}
            {count('delete') > 0 && <List.Item>{t('listingImport.list.countDelete', { count: count('delete') })}</List.Item>}
            {count('skip') > 0 && <List.Item>{t('listingImport.list.countSkip', { count: count('skip') })}</List.Item>}
          </List>
        )}
        {started ? (
          <Button component={Link} to={listingImportPath('progress', preview.job.id)}>
            {t('listingImport.list.seeProgress')}
          </Button>
        ) : (
          preview.records.length > 0 && (
            <Button component={Link} to={listingImportPath('pick', preview.job.id)}>
              {t('listingImport.list.continue')}
            </Button>
          )
        )}
      </Stack>
    </Alert>
  )
}

function PendingImportSummary({ jobId }: { jobId: string }) {
  const preview = useImportPreview(jobId)
  if (preview.isPending) return <InlineLoader />
  if (preview.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(preview.error)}
      </Alert>
    )
  }
  return <PendingSummary preview={preview.data} />
}

/** The list step: what the feed has for the agent's MLS ID, or what an uploaded RESO JSON file holds. */
export function ListStep({ jobId }: { jobId: string | null }) {
  const { t } = useTranslation()
  const sources = useImportSources()
  if (sources.isPending) return <CenteredLoader />
  if (sources.isError) {
    return (
      <Alert color="red" role="alert" title={t('listingImport.list.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorText(sources.error)}</Text>
          <Button size="xs" onClick={() => void sources.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    )
  }
  return (
    <Stack gap="lg">
      {jobId && <PendingImportSummary key={jobId} jobId={jobId} />}
      <Text>{t('listingImport.list.intro')}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <FeedCard sources={sources.data} />
        <FileCard maxBytes={sources.data.fileMaxBytes || LISTING_IMPORT_LIMITS.fileMaxBytes} />
      </SimpleGrid>
    </Stack>
  )
}
