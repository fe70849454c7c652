import { Alert, List, Stack, Text } from '@mantine/core'
import { useTranslation } from '../i18n/translation'
import type { Message } from '@offerbook/domain/messages'
import { translate } from '../i18n/messages'
import type { FileFindingView, FileSlotView } from '../transaction-file'

/**
 * A finding's sentence in the reader's language. The audit names a slot in the catalogue's English
 * (`slot`); the slot's own title is put back in the reader's language here (file-audit.ts).
 */
export function findingText(finding: FileFindingView, slots: readonly FileSlotView[]): string {
  const slot = finding.where.slot ? slots.find((each) => each.key === finding.where.slot) : undefined
  const params = finding.text.params
  if (!slot || !params || !('slot' in params)) return translate(finding.text as Message)
  return translate({ key: finding.text.key, params: { ...params, slot: translate(slot.title as Message) } } as Message)
}

/** Where a finding is, in words: its slot's title, or the contract itself. */
export function findingWhere(finding: FileFindingView, slots: readonly FileSlotView[]): string | null {
  const slot = finding.where.slot ? slots.find((each) => each.key === finding.where.slot) : undefined
  return slot ? translate(slot.title as Message) : null
}

/** The audit of a file: a clean file says so; otherwise each finding says what is missing, where, and who must act. */
export function FileFindings({ audit, slots, testId = 'file-findings' }: { audit: { clean: boolean; findings: readonly FileFindingView[] }; slots: readonly FileSlotView[]; testId?: string }) {
  const { t } = useTranslation()
  if (audit.clean && audit.findings.length === 0)
    return (
      <Alert color="green" variant="light" data-testid={`${testId}-clean`}>
        {t('transactionFile.auditClean')}
      </Alert>
    )
  return (
    <Stack gap="xs" data-testid={testId}>
      <Text fw={600}>{t('transactionFile.findingsTitle', { count: audit.findings.length })}</Text>
      <List spacing="xs" size="sm" aria-label={t('transactionFile.findingsList')}>
        {audit.findings.map((finding, index) => {
          const where = findingWhere(finding, slots)
          return (
            <List.Item key={`${finding.code}-${index}`} data-code={finding.code} style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm">{findingText(finding, slots)}</Text>
              <Text size="xs" c="gray.8">
                {where ? `${t('transactionFile.where', { where })} · ` : ''}
                {t('transactionFile.whoActs', { who: t(`transactionFile.who.${finding.who}`, { name: finding.whoName ?? '' }) })}
              </Text>
            </List.Item>
          )
        })}
      </List>
    </Stack>
  )
}
