import { Badge, Button, Checkbox, Group, List, Stack, Table, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link } from '../../../shared/navigation'
import type { ImportPreview, ImportRecordPreview } from '@offerbook/domain/listing-import'
import { listingImportPath } from '@offerbook/domain/listing-import'
import { formatMoney } from '../../../shared/money'
import type { ImportChoices } from '../import-state'
import { isPickable, statusLabel } from '../import-state'
import { ProblemText } from './problem-text'

export type ChoiceStepProps = { preview: ImportPreview; choices: ImportChoices; onChange: (change: Partial<ImportChoices>) => void }

/** Dark shades under white text, for WCAG AA contrast. */
const ACTION_COLORS = { create: 'teal.9', update: 'blue.9', skip: 'red.9', delete: 'gray.8' } as const

export function recordName(record: ImportRecordPreview, none: string): string {
  return record.UnparsedAddress || record.ListingKey || none
}

/** The pick step: a checkbox for each record that can be imported, and one to pick them all. */
export function PickStep({ preview, choices, onChange }: ChoiceStepProps) {
  const { t, i18n } = useTranslation()
  const shown = preview.records.filter((record) => record.action !== 'delete')
  const deletions = preview.records.filter((record) => record.action === 'delete')
  const pickable = shown.filter(isPickable).map((record) => record.ListingKey!)
  const picked = new Set(choices.picked)
  const pickedCount = pickable.filter((key) => picked.has(key)).length
  const canContinue = pickedCount > 0 || deletions.length > 0
  const none = t('listingImport.none')

  const toggle = (key: string, on: boolean) => onChange({ picked: on ? [...choices.picked.filter((item) => item !== key), key] : choices.picked.filter((item) => item !== key) })

  return (
    <Stack gap="lg">
      <Text>{t('listingImport.pick.intro')}</Text>
      {shown.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>{t('listingImport.pick.caption', { picked: pickedCount, total: pickable.length })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>
                  <Checkbox
                    aria-label={t('listingImport.pick.all')}
                    checked={pickable.length > 0 && pickedCount === pickable.length}
                    indeterminate={pickedCount > 0 && pickedCount < pickable.length}
                    disabled={pickable.length === 0}
                    onChange={(event) => onChange({ picked: event.currentTarget.checked ? pickable : [] })}
                  />
                </Table.Th>
                <Table.Th>{t('listingImport.pick.address')}</Table.Th>
                <Table.Th>{t('listing.field.ListingId')}</Table.Th>
                <Table.Th>{t('listing.field.ListPrice')}</Table.Th>
                <Table.Th>{t('listingImport.field.StandardStatus')}</Table.Th>
                <Table.Th>{t('listing.field.Media')}</Table.Th>
                <Table.Th>{t('listingImport.pick.outcome')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((record) => {
                const name = recordName(record, none)
                const canPick = isPickable(record)
                return (
                  <Table.Tr key={record.ref}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('listingImport.pick.one', { name })}
                        checked={canPick && picked.has(record.ListingKey!)}
                        disabled={!canPick}
                        onChange={(event) => toggle(record.ListingKey!, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {name}
                      </Text>
                      {record.line !== null && (
                        <Text size="xs" c="gray.7">
                          {t('listingImport.line', { line: record.line })}
                        </Text>
                      )}
                      {record.problems.map((problem, index) => (
                        <Text key={index} size="xs" c="red.9">
                          <ProblemText problem={problem} />
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td>{record.ListingId ?? none}</Table.Td>
                    <Table.Td>{record.ListPrice === null ? none : formatMoney(record.ListPrice, i18n.language)}</Table.Td>
                    <Table.Td>{statusLabel(t, record.StandardStatus)}</Table.Td>
                    <Table.Td>{record.photoCount}</Table.Td>
                    <Table.Td>
                      <Badge color={ACTION_COLORS[record.action]} variant="filled">
                        {t(`listingImport.action.${record.action}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {shown.some((record) => record.action === 'skip') && <Text size="sm">{t('listingImport.pick.skipNote')}</Text>}
      {deletions.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('listingImport.deletions.title', { count: deletions.length })}
          </Title>
          <Text size="sm">{t('listingImport.deletions.why')}</Text>
          <List size="sm">
            {deletions.map((record) => (
              <List.Item key={record.ref}>{recordName(record, none)}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {!canContinue && (
        <Text size="sm" c="red.9" role="status">
          {t('listingImport.pick.pickOne')}
        </Text>
      )}
      <Group justify="space-between">
        <Button component={Link} to={listingImportPath('list', preview.job.id)} variant="default">
          {t('listingImport.back')}
        </Button>
        {canContinue ? (
          <Button component={Link} to={listingImportPath('map', preview.job.id)}>
            {t('listingImport.next')}
          </Button>
        ) : (
          <Button disabled>{t('listingImport.next')}</Button>
        )}
      </Group>
    </Stack>
  )
}
