import { Stack, Tabs, Text, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { useSearchParams } from '../../shared/navigation'
import type { FileSide } from '@offerbook/domain/file-checklist'
import { FILE_SIDES } from '@offerbook/domain/file-checklist'
import { useCurrentUser } from '../../features/auth/api/get-me'
import type { QueueState } from '../../features/review/api/review'
import { QUEUE_STATES } from '../../features/review/api/review'
import { FileRulesEditor } from '../../features/review/components/file-rules-editor'
import { ReviewFile } from '../../features/review/components/review-file'
import { ReviewQueue } from '../../features/review/components/review-queue'
import { TrecExportPanel } from '../../features/review/components/trec-export-panel'

const TABS = ['files', 'rules', 'export'] as const
type Tab = (typeof TABS)[number]

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback)

/**
 * /review (issue #35, decision 069): the brokerage's files for the principal broker and team leaders.
 * The filter, the page and the open file live in the address (?state, ?page, ?file and ?side), so the
 * back button leaves a file for the queue and a view can be linked. The principal broker also keeps
 * the brokerage's own file rules here, and exports the brokerage's files for TREC (decision 071).
 */
export default function ReviewPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const isBroker = useCurrentUser().data?.roles.includes('PRINCIPAL_BROKER') ?? false
  const tab: Tab = isBroker ? oneOf(TABS, params.get('tab'), 'files') : 'files'
  const state: QueueState = oneOf(QUEUE_STATES, params.get('state'), 'all')
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const openFile = params.get('file')
  const side: FileSide = oneOf(FILE_SIDES, params.get('side'), 'listing')

  const change = (next: Record<string, string | null>) =>
    setParams((current) => {
      const updated = new URLSearchParams(current)
      for (const [name, value] of Object.entries(next)) {
        if (value) updated.set(name, value)
        else updated.delete(name)
      }
      return updated
    })

  const files = openFile ? (
    <ReviewFile key={`${openFile}:${side}`} offerId={openFile} side={side} onBack={() => change({ file: null, side: null })} />
  ) : (
    <ReviewQueue state={state} page={page} onState={(next) => change({ state: next, page: null })} onPage={(next) => change({ page: next > 1 ? String(next) : null })} onOpen={(offerId, fileSide) => change({ file: offerId, side: fileSide })} />
  )

  return (
    <Stack gap="lg">
      <Title order={1}>{t('review.title')}</Title>
      <Text c="gray.8">{t('review.lead')}</Text>
      {isBroker ? (
        <Tabs value={tab} onChange={(value) => change({ tab: value === 'rules' || value === 'export' ? value : null })} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="files">{t('review.tabs.files')}</Tabs.Tab>
            <Tabs.Tab value="rules">{t('review.tabs.rules')}</Tabs.Tab>
            <Tabs.Tab value="export">{t('review.tabs.export')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="files" pt="md">
            {files}
          </Tabs.Panel>
          <Tabs.Panel value="rules" pt="md">
            <FileRulesEditor />
          </Tabs.Panel>
          <Tabs.Panel value="export" pt="md">
            <TrecExportPanel />
          </Tabs.Panel>
        </Tabs>
      ) : (
        files
      )}
    </Stack>
  )
}
