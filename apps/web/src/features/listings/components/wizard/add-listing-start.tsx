import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import type { ReactNode } from 'react'
import { IconFileImport, IconPencilPlus } from '@tabler/icons-react'
import type { Icon } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link } from '../../../../shared/navigation'
import type { ListingSummary } from '@offerbook/domain/listing'
import { unparsedAddress } from '@offerbook/domain/listing'
import { formatMoney } from '../../../../shared/money'
import { errorMessage } from '../../../../shared/notify'
import { useMyDrafts } from '../../api/listing'
import { NEW_LISTING_PATH } from './listing-wizard'
import { wizardPath } from './wizard-steps'
import { formatDateTime } from '../../../../shared/format-date-time'

export const IMPORT_LISTINGS_PATH = '/add-listing/import'

/** One way to start a listing: what it is, and the button that takes it. */
function StartCard({ icon: Icon, title, body, children }: { icon: Icon; title: string; body: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="xs">
          <Icon size={32} stroke={1.5} aria-hidden />
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {body}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  )
}

/** /add-listing: enter a new listing or import from the MLS (agents), and the drafts left unfinished. */
export function AddListingStart({ canImport }: { canImport: boolean }) {
  const { t } = useTranslation()
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>{t('wizard.start.title')}</Title>
        <Text c="gray.7">{t('wizard.start.intro')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: canImport ? 2 : 1 }} maw={canImport ? undefined : 520}>
        <StartCard icon={IconPencilPlus} title={t('wizard.start.newTitle')} body={t('wizard.start.newBody')}>
          <Button component={Link} to={NEW_LISTING_PATH} w="fit-content">
            {t('wizard.start.newAction')}
          </Button>
        </StartCard>
        {canImport && (
          <StartCard icon={IconFileImport} title={t('wizard.start.importTitle')} body={t('wizard.start.importBody')}>
            <Button component={Link} to={IMPORT_LISTINGS_PATH} variant="light" w="fit-content">
              {t('wizard.start.importAction')}
            </Button>
          </StartCard>
        )}
      </SimpleGrid>
      <DraftList />
    </Stack>
  )
}

function DraftList() {
  const { t } = useTranslation()
  const headingId = useId()
  const drafts = useMyDrafts()

  let body
  if (drafts.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('wizard.start.draftsLoading')}</Text>
      </Group>
    )
  } else if (drafts.isError) {
    body = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {t('wizard.start.draftsFailed')} {errorMessage(drafts.error)}
          </Text>
          <Button size="xs" variant="default" onClick={() => void drafts.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    )
  } else if (drafts.data.items.length === 0) {
    body = <Text c="gray.7">{t('wizard.start.noDrafts')}</Text>
  } else {
    body = (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-labelledby={headingId}>
        {drafts.data.items.map((draft) => (
          <DraftRow key={draft.id} draft={draft} />
        ))}
      </Stack>
    )
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('wizard.start.draftsTitle')}
      </Title>
      {body}
    </Stack>
  )
}

function DraftRow({ draft }: { draft: ListingSummary }) {
  const { t, i18n } = useTranslation()
  const address = draft.UnparsedAddress || unparsedAddress({ StreetNumber: null, StreetName: null, StreetSuffix: null, UnitNumber: null, City: draft.City, StateOrProvince: null, PostalCode: draft.PostalCode })
  const name = address || t('listing.noAddress')
  const step = draft.draftStep ?? 'pricing'
  const modified = formatDateTime(i18n.language, draft.ModificationTimestamp)
  return (
    <Card component="li" withBorder padding="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="gray.7">
            {[draft.ListPrice === null ? null : formatMoney(draft.ListPrice, i18n.language), t('wizard.start.savedAt', { date: modified }), t('wizard.start.atStep', { step: t(`listing.step.${step}`) })]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Button component={Link} to={wizardPath(step, draft.id)} aria-label={t('wizard.start.continueOf', { name })} variant="light">
          {t('wizard.start.continue')}
        </Button>
      </Group>
    </Card>
  )
}
