import { useState } from 'react'
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { ContractNotices, NoticeView } from '@offerbook/domain/contract-notices'
import { errorText } from '../../../../shared/i18n/messages'
import { downloadSignedPdf } from '../../../signing/api/signing'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/** White text on each fill at 4.5:1 or more; the word says the state, the colour only repeats it. */
const STATUS_COLORS: Readonly<Record<string, string>> = { sent: 'blue.9', completing: 'blue.9', completed: 'green.9', declined: 'red.9', voided: 'gray.8', expired: 'gray.8' }

function NoticeRow({ notice, language }: { notice: NoticeView; language: string }) {
  const { t } = useTranslation()
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const when = dateTimeFormat(language === 'es-es' ? 'es-ES' : 'en-US', { dateStyle: 'medium' }).format(new Date(notice.deliveredAt ?? notice.createdAt))
  const download = async () => {
    setBusy(true)
    setProblem(null)
    try {
      await downloadSignedPdf({ id: notice.packetId, title: notice.title })
    } catch (error) {
      setProblem(errorText(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack component="li" gap={4} style={{ listStyle: 'none', overflowWrap: 'anywhere' }} data-testid={`notice-${notice.type}`} data-status={notice.status}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fw={600}>{t(`contractNotices.types.${notice.type}`)}</Text>
        <Badge color={STATUS_COLORS[notice.status] ?? 'gray.8'} variant="filled" tt="none" autoContrast>
          {t(`contractNotices.status.${notice.status}`, { defaultValue: notice.status })}
        </Badge>
      </Group>
      <Text size="sm">
        {notice.deliveredAt ? t('contractNotices.deliveredAt', { date: when }) : t('contractNotices.sentBy', { name: notice.createdByName ?? '', date: when })}
        {' · '}
        {t(`contractNotices.sides.${notice.side}`)}
      </Text>
      {notice.status === 'sent' && <Text size="sm" c="dimmed">{t('contractNotices.signByLink')}</Text>}
      {notice.canDownload && (
        <Group>
          <Button size="xs" variant="default" leftSection={<IconDownload size={14} aria-hidden />} loading={busy} onClick={() => void download()}>
            {t('contractNotices.download')}
          </Button>
        </Group>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  )
}

/** The contract's notices with their state, and 'Terminate the contract' for a side that may. */
export function NoticesList({ notices, onTerminate, headingOrder }: { notices: UseQueryResult<ContractNotices>; onTerminate: (() => void) | null; headingOrder: 3 | 4 | 5 }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  let body: React.ReactNode
  if (notices.isPending)
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('contractNotices.loading')}</Text>
      </Group>
    )
  else if (notices.isError)
    body = (
      <Alert color="red" variant="light" role="alert">
        {errorText(notices.error)}
      </Alert>
    )
  else if (notices.data.notices.length === 0) body = <Text size="sm">{t('contractNotices.none')}</Text>
  else
    body = (
      <Stack component="ul" gap="md" p={0} m={0} aria-label={t('contractNotices.title')}>
        {notices.data.notices.map((notice) => (
          <NoticeRow key={notice.id} notice={notice} language={language} />
        ))}
      </Stack>
    )
  return (
    <Stack gap="sm" data-testid="contract-notices">
      <Title order={headingOrder}>{t('contractNotices.title')}</Title>
      {body}
      {onTerminate && (
        <Group>
          <Button variant="default" color="red" onClick={onTerminate} data-testid="terminate-contract">
            {t('contractNotices.terminate')}
          </Button>
        </Group>
      )}
    </Stack>
  )
}
