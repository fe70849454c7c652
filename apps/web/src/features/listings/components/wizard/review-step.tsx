import { useState } from 'react'
import type { ReactNode } from 'react'
import { Alert, Anchor, Button, Divider, Group, Image, List, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link, useNavigate } from '../../../../shared/navigation'
import type { ListingWizardStep, ManagedListing, PublishProblem } from '@offerbook/domain/listing'
import { OFFER_PREFERENCES, PUBLISH_STATUSES, REQUIRED_TO_PUBLISH, unparsedAddress } from '@offerbook/domain/listing'
import { formatMoney } from '../../../../shared/money'
import { ApiClientError } from '../../../../shared/api-client'
import { translate } from '../../../../shared/i18n/messages'
import { notifyError, notifySuccess } from '../../../../shared/notify'
import { useDialog } from '../../../../shared/ui/app-dialog'
import { deleteDraft, publishListing, useSetManagedListing } from '../../api/listing'
import { publishProblemsOf, wizardPath } from './wizard-steps'
import { formatZonedDateTime, propertyTimeZone } from '@offerbook/domain/property-time'
import { listingKeys } from '../../../../shared/query-keys'
import { numberFormat } from '@offerbook/domain/intl-formats'

/** Links between steps move the focus to the step's heading, as Next and Back do. */
const STEP_LINK_STATE = { fromStep: true }

type PublishStatus = (typeof PUBLISH_STATUSES)[number]

const stepOfPath = (path: string): ListingWizardStep => (path === 'Media' ? 'photos' : (REQUIRED_TO_PUBLISH.find(({ field }) => field === path)?.step ?? 'review'))

/** The API's refusal of a publish, as problems with the step that fixes each. */
function problemsFromError(error: unknown): PublishProblem[] | null {
  if (!(error instanceof ApiClientError) || error.errors.length === 0) return null
  return error.errors.map(({ path, key }) => ({ path, key, step: stepOfPath(path) }))
}

function SummarySection({ title, step, id, children }: { title: string; step: ListingWizardStep; id: string; children: ReactNode }) {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        <Anchor component={Link} to={wizardPath(step, id)} state={STEP_LINK_STATE} aria-label={t('wizard.review.editOf', { step: title })}>
          {t('wizard.review.edit')}
        </Anchor>
      </Group>
      {children}
    </Stack>
  )
}

function Facts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} m={0}>
      {items.map(({ label, value }) => (
        <div key={label}>
          <Text component="dt" size="sm" c="gray.7">
            {label}
          </Text>
          <Text component="dd" m={0}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  )
}

/** The facts that have a value. */
const filled = (items: { label: string; value: string | null }[]) => items.flatMap(({ label, value }) => (value?.trim() ? [{ label, value }] : []))

/** Every section of the draft with an Edit link, what still stops publishing, and publish or delete. */
export function ReviewStep({ listing, leave }: { listing: ManagedListing; leave: (go: () => unknown) => unknown }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const dialog = useDialog()
  const queryClient = useQueryClient()
  const setListing = useSetManagedListing()
  const [status, setStatus] = useState<PublishStatus>('Active')
  const [serverProblems, setServerProblems] = useState<PublishProblem[] | null>(null)
  const [busy, setBusy] = useState<'publish' | 'delete' | null>(null)
  const id = listing.id
  const problems = serverProblems ?? publishProblemsOf(listing)
  const none = t('wizard.review.notEntered')
  const text = (value: string | null | undefined) => (value && value.trim() ? value : none)
  const number = (value: number | null | undefined) => (value === null || value === undefined ? none : numberFormat(i18n.language).format(value))
  const photos = [...listing.Media].sort((a, b) => a.Order - b.Order)
  const address = unparsedAddress(listing)
  const deadline = listing.offerDeadline ? formatZonedDateTime(new Date(listing.offerDeadline), propertyTimeZone(listing.CountyOrParish), i18n.language) : none

  const publish = async () => {
    setBusy('publish')
    try {
      const published = await publishListing(id, status)
      notifySuccess('wizard.review.published')
      await leave(() => navigate(`/my-properties/${encodeURIComponent(id)}/edit-listing`))
      setListing(published)
    } catch (error) {
      const found = problemsFromError(error)
      if (found) setServerProblems(found)
      notifyError(error)
    } finally {
      setBusy(null)
    }
  }

  const remove = async () => {
    const confirmed = await dialog.confirm({
      title: t('wizard.review.deleteTitle'),
      message: t('wizard.review.deleteMessage'),
      confirmLabel: t('wizard.review.deleteConfirm'),
    })
    if (!confirmed) return
    setBusy('delete')
    try {
      await deleteDraft(id)
      notifySuccess('wizard.review.deleted')
      await leave(() => navigate('/add-listing'))
      queryClient.removeQueries({ queryKey: listingKeys.managed(id) })
      void queryClient.invalidateQueries({ queryKey: listingKeys.mine() })
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(null)
    }
  }

  return (
    <Stack gap="lg">
      {problems.length > 0 ? (
        // The title in the body's text colour: Mantine's yellow on yellow is too faint to read (WCAG AA).
        <Alert color="yellow" title={t('wizard.review.problemsTitle')} role="region" aria-label={t('wizard.review.problemsTitle')} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          <List spacing={4} size="sm">
            {problems.map((problem) => (
              <List.Item key={`${problem.path}-${problem.key}`}>
                {t('wizard.review.problem', { field: t(`listing.field.${problem.path}`, { defaultValue: problem.path }), message: translate(problem.key) })}{' '}
                {problem.step !== 'review' && (
                  <Anchor component={Link} size="sm" to={wizardPath(problem.step, id)} state={STEP_LINK_STATE} onClick={() => setServerProblems(null)}>
                    {t('wizard.review.fixIn', { step: t(`listing.step.${problem.step}`) })}
                  </Anchor>
                )}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Alert color="green" role="status">
          {t('wizard.review.ready')}
        </Alert>
      )}

      <SummarySection title={t('listing.step.pricing')} step="pricing" id={id}>
        <Facts items={[{ label: t('listing.field.ListPrice'), value: listing.ListPrice === null ? none : formatMoney(listing.ListPrice, i18n.language) }]} />
      </SummarySection>
      <Divider />
      <SummarySection title={t('listing.step.details')} step="details" id={id}>
        <Facts
          items={[
            { label: t('wizard.review.address'), value: address || t('listing.noAddress') },
            { label: t('listing.field.CountyOrParish'), value: text(listing.CountyOrParish) },
            { label: t('listing.field.PropertyType'), value: listing.PropertyType ? t(`listing.type.${listing.PropertyType}`) : none },
            { label: t('listing.field.BedroomsTotal'), value: number(listing.BedroomsTotal) },
            { label: t('listing.field.BathroomsTotalInteger'), value: number(listing.BathroomsTotalInteger) },
            { label: t('listing.field.LivingArea'), value: number(listing.LivingArea) },
            { label: t('listing.field.LotSizeAcres'), value: number(listing.LotSizeAcres) },
            { label: t('listing.field.YearBuilt'), value: listing.YearBuilt === null ? none : String(listing.YearBuilt) },
            // The public record is optional: shown once entered.
            ...filled([
              { label: t('listing.field.ParcelNumber'), value: listing.ParcelNumber },
              { label: t('listing.field.deedReference'), value: listing.deedReference },
              { label: t('listing.field.VirtualTourURLUnbranded'), value: listing.VirtualTourURLUnbranded },
            ]),
          ]}
        />
        <Text size="sm" c="gray.7">
          {t('listing.field.PublicRemarks')}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }} lineClamp={6}>
          {text(listing.PublicRemarks)}
        </Text>
        {listing.TaxLegalDescription?.trim() && (
          <>
            <Text size="sm" c="gray.7">
              {t('listing.field.TaxLegalDescription')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }} lineClamp={6}>
              {listing.TaxLegalDescription}
            </Text>
          </>
        )}
      </SummarySection>
      <Divider />
      <SummarySection title={t('listing.step.photos')} step="photos" id={id}>
        {photos[0] ? (
          <Group gap="md" align="center">
            <Image src={photos[0].MediaURL} alt={t('wizard.review.primaryAlt')} w={160} h={110} radius="sm" fit="cover" />
            <Text>{t('wizard.review.photoCount', { count: photos.length })}</Text>
          </Group>
        ) : (
          <Text>{t('listing.noPhoto')}</Text>
        )}
      </SummarySection>
      <Divider />
      <SummarySection title={t('listing.step.agent')} step="agent" id={id}>
        <Facts
          items={[
            { label: t('listing.field.ListAgentFullName'), value: text(listing.ListAgentFullName) },
            { label: t('listing.field.ListAgentEmail'), value: text(listing.ListAgentEmail) },
            { label: t('listing.field.ListAgentDirectPhone'), value: text(listing.ListAgentDirectPhone) },
            { label: t('listing.field.ListAgentMlsId'), value: text(listing.ListAgentMlsId) },
            { label: t('listing.field.ListOfficeName'), value: text(listing.ListOfficeName) },
            { label: t('listing.field.firmLicenseNumber'), value: text(listing.firmLicenseNumber) },
          ]}
        />
      </SummarySection>
      <Divider />
      <SummarySection title={t('listing.step.offer-settings')} step="offer-settings" id={id}>
        <Facts
          items={[
            { label: t('listing.field.offerDeadline'), value: deadline },
            {
              label: t('listing.field.offerPreferences'),
              value: listing.offerPreferences.length > 0 ? OFFER_PREFERENCES.filter((preference) => listing.offerPreferences.includes(preference)).map((preference) => t(`listing.preference.${preference}`)).join(', ') : none,
            },
          ]}
        />
        <Text size="sm" c="gray.7">
          {t('listing.field.offerInstructions')}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{text(listing.offerInstructions)}</Text>
      </SummarySection>
      <Divider />

      <Stack gap="sm">
        <Radio.Group label={t('wizard.review.publishAs')} value={status} onChange={(value) => setStatus(PUBLISH_STATUSES.find((option) => option === value) ?? 'Active')}>
          <Stack gap="xs" mt="xs">
            {PUBLISH_STATUSES.map((option) => (
              <Radio key={option} value={option} label={t(`listing.status.${option}`)} description={t(`wizard.review.statusHint.${option}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="space-between">
          <Button variant="subtle" color="red" onClick={() => void remove()} loading={busy === 'delete'} disabled={busy !== null}>
            {t('wizard.review.delete')}
          </Button>
          <Button onClick={() => void publish()} loading={busy === 'publish'} disabled={busy !== null || problems.length > 0}>
            {t('wizard.review.publish')}
          </Button>
        </Group>
        {problems.length > 0 && (
          <Text size="sm" c="gray.7">
            {t('wizard.review.fixFirst')}
          </Text>
        )}
      </Stack>
    </Stack>
  )
}
