import type { FormEvent } from 'react'
import { useState } from 'react'
import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { BrokerageExport } from '@offerbook/domain/brokerage-export'
import type { Message } from '@offerbook/domain/messages'
import { fieldErrorsOf } from '../../../shared/api-client'
import { errorText, translateOptional } from '../../../shared/i18n/messages'
import { DateInput, parseIsoDate } from '../../../shared/ui/date-input'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { downloadExport, useBrokerageExports, useStartExport } from '../api/brokerage-export'
import { numberFormat } from '@offerbook/domain/intl-formats'

type Problems = { from?: Message; to?: Message }

/** A size in bytes as the reader reads it: KB, MB or GB. */
function sizeText(bytes: number, language: string): string {
  const units = [
    ['gigabyte', 1_073_741_824],
    ['megabyte', 1_048_576],
    ['kilobyte', 1024],
  ] as const
  const [unit, scale] = units.find(([, value]) => bytes >= value) ?? ['byte', 1]
  return numberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / scale)
}

function periodText(item: BrokerageExport, t: ReturnType<typeof useTranslation>['t']): string {
  if (item.from && item.to) return t('trecExport.period.between', { from: item.from, to: item.to })
  if (item.from) return t('trecExport.period.from', { from: item.from })
  if (item.to) return t('trecExport.period.to', { to: item.to })
  return t('trecExport.period.all')
}

function ExportState({ item, language }: { item: BrokerageExport; language: string }) {
  const { t } = useTranslation()
  const [downloading, setDownloading] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const total = item.filesTotal ?? 0
  const percent = total > 0 ? Math.round((item.filesDone / total) * 100) : 0
  return (
    <Stack gap="xs" data-testid="trec-export-state" data-state={item.state}>
      <Text size="sm" fw={600}>
        {periodText(item, t)}
      </Text>
      {item.state === 'queued' && <Text size="sm">{t('trecExport.queued')}</Text>}
      {item.state === 'running' && (
        <>
          <Progress value={percent} aria-label={t('trecExport.progressLabel')} aria-valuetext={t('trecExport.progress', { done: item.filesDone, total })} />
          <Text size="sm" aria-live="polite">
            {total > 0 ? t('trecExport.progress', { done: item.filesDone, total }) : t('trecExport.counting')}
          </Text>
        </>
      )}
      {item.state === 'done' && (
        <>
          <Text size="sm" role="status">
            {t('trecExport.done', { count: item.filesDone, size: sizeText(item.size ?? 0, language) })}
          </Text>
          <Group>
            <Button
              loading={downloading}
              onClick={() => {
                setDownloading(true)
                setFailure(null)
                downloadExport(item)
                  .catch((error: unknown) => setFailure(errorText(error)))
                  .finally(() => setDownloading(false))
              }}
            >
              {t('trecExport.download')}
            </Button>
          </Group>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
        </>
      )}
      {item.state === 'failed' && (
        <Alert color="red" role="alert" title={t('trecExport.failedTitle')}>
          {t('trecExport.failed')}
        </Alert>
      )}
    </Stack>
  )
}

/**
 * The principal broker's export of the brokerage's files for TREC (issue #35 item 5, decision 071):
 * a period (both days optional), Start export, the progress while the job makes the ZIP, and its
 * download once done. One export runs at a time: while one is under way, Start export waits for it.
 */
export function TrecExportPanel() {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const exports = useBrokerageExports()
  const start = useStartExport()
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [problems, setProblems] = useState<Problems>({})
  const latest = exports.data?.items[0]
  const busy = latest?.state === 'queued' || latest?.state === 'running'

  function submit(event: FormEvent) {
    event.preventDefault()
    const found: Problems = {}
    if (from.trim() !== '' && parseIsoDate(from) === null) found.from = { key: 'brokerageExport.invalidFrom' }
    if (to.trim() !== '' && parseIsoDate(to) === null) found.to = { key: 'brokerageExport.invalidTo' }
    if (!found.from && !found.to && from && to && from > to) found.to = { key: 'brokerageExport.periodReversed' }
    setProblems(found)
    if (found.from || found.to) return
    start.mutate(
      { ...(from ? { from } : {}), ...(to ? { to } : {}) },
      { onError: (error) => setProblems(fieldErrorsOf(error, ['from', 'to'])) },
    )
  }

  const refusal = start.error && !problems.from && !problems.to ? errorText(start.error) : null
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="trec-export-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="trec-export-title">
          {t('trecExport.title')}
        </Title>
        <Text size="sm">{t('trecExport.lead')}</Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Group align="flex-start" grow wrap="wrap">
              <DateInput label={t('trecExport.from')} description={t('trecExport.fromHint')} value={from} onChange={setFrom} error={translateOptional(problems.from)} name="from" />
              <DateInput label={t('trecExport.to')} description={t('trecExport.toHint')} value={to} onChange={setTo} error={translateOptional(problems.to)} name="to" />
            </Group>
            <Group>
              <Button type="submit" loading={start.isPending} disabled={busy}>
                {t('trecExport.start')}
              </Button>
            </Group>
          </Stack>
        </form>
        {busy && <Text size="sm">{t('trecExport.oneAtATime')}</Text>}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        {exports.isError && <LoadFailedAlert title={t('trecExport.loadFailed')} error={exports.error} onRetry={() => void exports.refetch()} />}
        {latest && <ExportState key={latest.id} item={latest} language={language} />}
      </Stack>
    </Paper>
  )
}
