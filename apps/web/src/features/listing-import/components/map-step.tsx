import { useState } from 'react'
import { Alert, Button, Group, List, NativeSelect, Radio, Stack, Table, Text, Title } from '@mantine/core'
import type { Translate } from '../../../shared/i18n/translation'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link, useNavigate } from '../../../shared/navigation'
import { LISTING_VISIBILITIES, ListingVisibilitySchema } from '@offerbook/domain/listing'
import type { ImportRecordPreview, MappedValue } from '@offerbook/domain/listing-import'
import { listingImportPath } from '@offerbook/domain/listing-import'
import { formatMoney } from '../../../shared/money'
import { i18n as appI18n } from '../../../shared/i18n/i18n'
import { TitledSection } from '../../../shared/ui/titled-section'
import { errorText } from '../../../shared/i18n/messages'
import { useStartImport } from '../api/listing-import'
import { fieldLabel, isPickable, statusLabel } from '../import-state'
import { ProblemText } from './problem-text'
import type { ChoiceStepProps } from './pick-step'
import { recordName } from './pick-step'
import { DataTable } from '../../../shared/ui/data-table'
import { formatDateTime } from '../../../shared/format-date-time'

function shownValue(t: Translate, language: string, row: MappedValue): string {
  const { value, source } = row
  if (value === null || value === '') return t('listingImport.none')
  if (source === 'ListPrice' && typeof value === 'number') return formatMoney(value, language)
  if (source === 'StandardStatus') return statusLabel(t, String(value))
  if (source === 'PropertyType' && appI18n.exists(`listing.type.${value}`)) return t(`listing.type.${value}`)
  if (source === 'Media' && typeof value === 'number') return t('listingImport.map.photos', { count: value })
  if (typeof value === 'boolean') return value ? t('listingImport.yes') : t('listingImport.no')
  if (source === 'ModificationTimestamp' && !Number.isNaN(Date.parse(String(value)))) {
    return formatDateTime(language, String(value))
  }
  return String(value)
}

function Skipped({ records }: { records: ImportRecordPreview[] }) {
  const { t } = useTranslation()
  if (records.length === 0) return null
  return (
    <TitledSection title={t('listingImport.map.skippedTitle', { count: records.length })} order={3} size="h5" gap="xs">
      <List size="sm" spacing="xs">
        {records.map((record) => (
          <List.Item key={record.ref}>
            <Text size="sm" fw={500} span>
              {recordName(record, t('listingImport.none'))}
              {record.line !== null && ` (${t('listingImport.line', { line: record.line })})`}
            </Text>
            <List size="sm" withPadding>
              {record.problems.map((problem, index) => (
                <List.Item key={index}>
                  <ProblemText problem={problem} />
                </List.Item>
              ))}
            </List>
          </List.Item>
        ))}
      </List>
    </TitledSection>
  )
}

/** The map step: how a record's RESO fields land on the listing, what is skipped and why, the visibility; then confirm. */
export function MapStep({ preview, choices, onChange }: ChoiceStepProps) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const start = useStartImport(preview.job.id)
  const picked = new Set(choices.picked)
  const chosen = preview.records.filter((record) => isPickable(record) && picked.has(record.ListingKey!))
  const deletions = preview.records.filter((record) => record.action === 'delete')
  const skipped = preview.records.filter((record) => record.action === 'skip')
  const [shownRef, setShownRef] = useState(chosen[0]?.ref ?? null)
  const shown = chosen.find((record) => record.ref === shownRef) ?? chosen[0]
  const none = t('listingImport.none')

  if (chosen.length === 0 && deletions.length === 0) {
    return (
      <Stack gap="md" align="flex-start">
        <Text role="status">{t('listingImport.pick.pickOne')}</Text>
        <Button component={Link} to={listingImportPath('pick', preview.job.id)}>
          {t('listingImport.back')}
        </Button>
      </Stack>
    )
  }

  const confirm = () =>
    start.mutate({ listingKeys: chosen.map((record) => record.ListingKey!), visibility: choices.visibility }, { onSuccess: (job) => void navigate(listingImportPath('progress', job.id)) })

  return (
    <Stack gap="lg">
      <Text>{t('listingImport.map.intro')}</Text>
      {shown && (
        <TitledSection title={t('listingImport.map.fieldsTitle')} order={3} size="h5">
          <NativeSelect
            label={t('listingImport.map.record')}
            value={shown.ref}
            onChange={(event) => setShownRef(event.currentTarget.value)}
            data={chosen.map((record) => ({ value: record.ref, label: recordName(record, none) }))}
            maw={480}
          />
          <DataTable
            minWidth={560}
            striped
            verticalSpacing="xs"
            caption={t('listingImport.map.caption', { name: recordName(shown, none) })}
            columns={[t('listingImport.map.source'), t('listingImport.map.target'), t('listingImport.map.value')]}
            items={shown.mapping}
            row={(row) => (
              <Table.Tr key={row.source}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {row.source}
                  </Text>
                </Table.Td>
                <Table.Td>{fieldLabel(t, row.field)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{shownValue(t, i18n.language, row)}</Table.Td>
              </Table.Tr>
            )}
          />
        </TitledSection>
      )}

      <Skipped records={skipped} />

      {deletions.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('listingImport.deletions.title', { count: deletions.length })}
          </Title>
          <List size="sm">
            {deletions.map((record) => (
              <List.Item key={record.ref}>{recordName(record, none)}</List.Item>
            ))}
          </List>
        </Stack>
      )}

      <Radio.Group
        label={t('listingImport.map.visibility')}
        description={t('listingImport.map.visibilityHelp')}
        value={choices.visibility}
        onChange={(value) => {
          const visibility = ListingVisibilitySchema.safeParse(value)
          if (visibility.success) onChange({ visibility: visibility.data })
        }}
      >
        <Stack gap="xs" mt="xs">
          {LISTING_VISIBILITIES.map((visibility) => (
            <Radio key={visibility} value={visibility} label={t(`listing.visibility.${visibility}`)} />
          ))}
        </Stack>
      </Radio.Group>

      {start.isError && (
        <Alert color="red" role="alert">
          {errorText(start.error)}
        </Alert>
      )}
      <Group justify="space-between">
        <Button component={Link} to={listingImportPath('pick', preview.job.id)} variant="default">
          {t('listingImport.back')}
        </Button>
        <Button onClick={confirm} loading={start.isPending}>
          {chosen.length > 0 ? t('listingImport.map.confirm', { count: chosen.length }) : t('listingImport.map.confirmDeletions', { count: deletions.length })}
        </Button>
      </Group>
    </Stack>
  )
}
