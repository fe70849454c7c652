import { Anchor, Button, Group, List, SimpleGrid, Paper, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link, Navigate } from '../../../shared/navigation'
import type { ImportJob } from '@offerbook/domain/listing-import'
import { listingImportPath } from '@offerbook/domain/listing-import'
import { errorText } from '../../../shared/i18n/messages'
import { TitledSection } from '../../../shared/ui/titled-section'
import { CenteredLoader } from '../../../shared/ui/centered-loader'
import { useImportJob } from '../api/listing-import'
import { skipProblem } from '../import-state'
import { ProblemText } from './problem-text'
import { DataTable } from '../../../shared/ui/data-table'

const MY_LISTINGS_PATH = '/my-properties/list'
const editListingPath = (id: string) => `/my-properties/${encodeURIComponent(id)}/edit-listing`

/** Records skipped, counted once however many problems each had. */
export function skippedRecords(job: ImportJob): number {
  return new Set(job.skipped.map((skip) => `${skip.key}|${skip.line ?? ''}`)).size
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
    </Paper>
  )
}

/** The report step: what the import did, links to the listings it wrote, and each skipped record with its reason. */
export function ReportStep({ jobId }: { jobId: string }) {
  const { t } = useTranslation()
  const job = useImportJob(jobId)
  if (job.isPending) return <CenteredLoader />
  if (job.isError) {
    return (
      <Text role="alert" c="red.9">
        {errorText(job.error)}
      </Text>
    )
  }
  const report = job.data
  if (report.status === 'pending' || report.status === 'running') return <Navigate replace to={listingImportPath('progress', jobId)} />

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} role="list" aria-label={t('listingImport.report.summary')}>
        <div role="listitem">
          <Figure label={t('listingImport.report.imported')} value={report.imported} />
        </div>
        <div role="listitem">
          <Figure label={t('listingImport.report.updated')} value={report.updated} />
        </div>
        <div role="listitem">
          <Figure label={t('listingImport.report.deleted')} value={report.deleted} />
        </div>
        <div role="listitem">
          <Figure label={t('listingImport.report.skipped')} value={skippedRecords(report)} />
        </div>
      </SimpleGrid>

      <TitledSection title={t('listingImport.report.listingsTitle')} order={3} size="h5" gap="xs">
        {report.listings.length === 0 ? (
          <Text size="sm">{t('listingImport.report.noListings')}</Text>
        ) : (
          <List size="sm" spacing={4}>
            {report.listings.map((listing) => (
              <List.Item key={listing.id}>
                <Anchor component={Link} to={editListingPath(listing.id)}>
                  {listing.UnparsedAddress || listing.ListingKey}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
      </TitledSection>

      {report.skipped.length > 0 && (
        <TitledSection title={t('listingImport.report.skippedTitle')} order={3} size="h5" gap="xs">
          <DataTable
            minWidth={560}
            striped
            verticalSpacing="xs"
            columns={[t('listingImport.report.record'), t('listingImport.report.where'), t('listingImport.report.reason')]}
            items={report.skipped}
            row={(skip, index) => (
              <Table.Tr key={index}>
                <Table.Td>{skip.key}</Table.Td>
                <Table.Td>{skip.line === null ? t('listingImport.none') : t('listingImport.line', { line: skip.line })}</Table.Td>
                <Table.Td>
                  <ProblemText problem={skipProblem(skip)} />
                </Table.Td>
              </Table.Tr>
            )}
          />
        </TitledSection>
      )}

      <Group>
        <Button component={Link} to={MY_LISTINGS_PATH}>
          {t('listingImport.report.myListings')}
        </Button>
        <Button component={Link} to={listingImportPath('list')} variant="default">
          {t('listingImport.report.again')}
        </Button>
      </Group>
    </Stack>
  )
}
