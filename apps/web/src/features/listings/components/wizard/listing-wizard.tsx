import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { Alert, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core'
import { IconArrowLeft, IconArrowRight, IconRestore } from '@tabler/icons-react'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '../../../../shared/navigation'
import type { ListingWizardStep, ManagedListing } from '@offerbook/domain/listing'
import { LISTING_WIZARD_STEPS, REQUIRED_TO_PUBLISH } from '@offerbook/domain/listing'
import { ApiClientError, fieldErrorsOf } from '../../../../shared/api-client'
import { errorMessage, notifyError } from '../../../../shared/notify'
import { CenteredLoader } from '../../../../shared/ui/centered-loader'
import { PageNotice } from '../../../../shared/ui/page-notice'
import { RetryAlert } from '../../../../shared/ui/retry-alert'
import { createListing, updateListing, useManagedListing, useSetManagedListing } from '../../api/listing'
import { AgentSection } from '../listing-form/agent-section'
import { DetailsSection } from '../listing-form/details-section'
import { focusFirstInvalid } from '../listing-form/focus-first-invalid'
import { formValuesOf, listingPatchOf } from '../listing-form/listing-form-values'
import { OfferSettingsSection } from '../listing-form/offer-settings-section'
import { PhotosSection } from '../listing-form/photos-section'
import type { ListPriceConfirmation } from '../listing-form/pricing-section'
import { LIST_PRICE_CHECK_ID, listPriceUnconfirmed, PricingSection } from '../listing-form/pricing-section'
import { useListingForm } from '../listing-form/use-listing-form'
import { useLeaveGuard } from '../../../../shared/use-leave-guard'
import { ReviewStep } from './review-step'
import { forgetWizardStash, readWizardStash, wizardStashKey, writeWizardStash } from './wizard-stash'
import { furthestStep, nextStepOf, parseWizardStep, previousStepOf, requiredOnStep, stepFields, stepIndex, wizardPath, wizardTarget } from './wizard-steps'

const PUBLISH_FIELDS = REQUIRED_TO_PUBLISH.map(({ field }) => field)
export const NEW_LISTING_PATH = wizardPath('pricing', null)

/**
 * /add-listing/new/{step}?id=<draft>: an unknown step goes to pricing; without a draft only pricing
 * can be shown, and its Next creates the draft.
 */
export function ListingWizard({ step: stepParam }: { step: string | undefined }) {
  const [search] = useSearchParams()
  const id = search.get('id')
  const step = parseWizardStep(stepParam)
  if (!step) return <Navigate replace to={wizardPath('pricing', id)} />
  if (!id) return step === 'pricing' ? <WizardSteps key="new" step="pricing" listing={null} /> : <Navigate replace to={NEW_LISTING_PATH} />
  return <DraftWizard id={id} step={step} />
}

function DraftWizard({ id, step }: { id: string; step: ListingWizardStep }) {
  const { t } = useTranslation()
  const query = useManagedListing(id)

  // A failed refetch keeps the draft already on screen; only a first load that fails shows why.
  if (query.data) {
    if (query.data.StandardStatus !== 'Incomplete') return <AlreadyPublished id={id} />
    return <WizardSteps key={id} step={step} listing={query.data} />
  }
  if (query.isError) {
    const status = query.error instanceof ApiClientError ? query.error.status : 0
    if (status === 400 || status === 403 || status === 404) return <DraftMissing />
    return <RetryAlert message={`${t('wizard.loadFailed')} ${errorMessage(query.error)}`} onRetry={() => void query.refetch()} />
  }
  return <CenteredLoader />
}

function DraftMissing() {
  const { t } = useTranslation()
  return (
    <PageNotice title={t('wizard.missing.title')} message={t('wizard.missing.body')}>
      <Group>
        <Button component={Link} to={NEW_LISTING_PATH}>
          {t('wizard.missing.startNew')}
        </Button>
        <Button component={Link} to="/add-listing" variant="default">
          {t('wizard.missing.backToStart')}
        </Button>
      </Group>
    </PageNotice>
  )
}

function AlreadyPublished({ id }: { id: string }) {
  const { t } = useTranslation()
  return (
    <PageNotice title={t('wizard.published.title')} message={t('wizard.published.body')} tone="info">
      <Group>
        <Button component={Link} to={`/my-properties/${encodeURIComponent(id)}/edit-listing`}>
          {t('wizard.published.edit')}
        </Button>
        <Button component={Link} to={NEW_LISTING_PATH} variant="default">
          {t('wizard.missing.startNew')}
        </Button>
      </Group>
    </PageNotice>
  )
}

/** The stepper, the current step's fields and Back / Next. Entered values live here while the steps change. */
function WizardSteps({ step, listing }: { step: ListingWizardStep; listing: ManagedListing | null }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const setListing = useSetManagedListing()
  // What was typed before a reload and not saved comes back, unsaved (wizard-stash.ts).
  const stashKey = wizardStashKey(listing?.id ?? null)
  const [restored] = useState(() => readWizardStash(stashKey, formValuesOf(listing)))
  const [restoredShown, setRestoredShown] = useState(restored !== null)
  const form = useListingForm(listing, { required: requiredOnStep(step) }, restored)
  useEffect(() => {
    writeWizardStash(stashKey, form.values, form.dirtyFields)
    // Unmounting is leaving the wizard (past the leave guard) or this draft being created: nothing to keep.
    return () => forgetWizardStash(stashKey)
  }, [stashKey, form.values, form.dirtyFields])
  const [photosBusy, setPhotosBusy] = useState(false)
  const [saving, setSaving] = useState(false)
  // A list price out of bounds waits for its confirmation (decision 037).
  const [priceConfirmed, setPriceConfirmed] = useState<number | null>(null)
  const [priceMissing, setPriceMissing] = useState(false)
  const confirmation: ListPriceConfirmation = { confirmed: priceConfirmed, onConfirm: setPriceConfirmed, missing: priceMissing }
  const formRef = useRef<HTMLFormElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const location = useLocation()

  const { leave, dialog: leaveDialog } = useLeaveGuard({
    dirty: form.dirtyFields.length > 0 || photosBusy,
    watchSearch: true,
    texts: { title: t('wizard.unsaved.title'), message: t('wizard.unsaved.message'), stay: t('wizard.unsaved.stay'), discard: t('wizard.unsaved.leave') },
    // Moving between the steps of this draft (stepper, browser Back and Forward) saves instead of asking.
    onBlocked: async (next) => {
      const target = wizardTarget(next)
      if (!target || !listing || target.id !== listing.id || photosBusy) return undefined
      return (await save(target.step)) !== null
    },
  })

  // A step reached from another step is announced by moving the focus to its heading (not on a page load).
  const cameFromStep = (location.state as { fromStep?: boolean } | null)?.fromStep === true
  useEffect(() => {
    if (cameFromStep) headingRef.current?.focus()
  }, [cameFromStep, step, location.key])

  /** Checks and saves the fields of this step, remembering how far the person got. */
  async function save(going: ListingWizardStep): Promise<ManagedListing | null> {
    const fields = stepFields(step)
    if (!form.check(fields)) {
      focusFirstInvalid(formRef.current)
      return null
    }
    if (fields.includes('ListPrice') && listPriceUnconfirmed(form.current().ListPrice, priceConfirmed)) {
      setPriceMissing(true)
      document.getElementById(LIST_PRICE_CHECK_ID)?.focus()
      return null
    }
    // The figure confirmed goes with it: the API refuses an unusual list price without it (decision 037).
    const confirmedListPrice = fields.includes('ListPrice') && priceConfirmed !== null ? { confirmedListPrice: priceConfirmed } : {}
    const patch = { ...listingPatchOf(fields, form.current()), ...confirmedListPrice, draftStep: furthestStep(listing?.draftStep, going) }
    setSaving(true)
    try {
      const saved = listing ? await updateListing(listing.id, patch) : await createListing(patch)
      form.accept(saved, fields)
      setListing(saved)
      return saved
    } catch (error) {
      form.showErrors(fieldErrorsOf(error, fields))
      notifyError(error)
      focusFirstInvalid(formRef.current)
      return null
    } finally {
      setSaving(false)
    }
  }

  async function go(target: ListingWizardStep) {
    // Leaving the photos step would cancel the uploads still on their way.
    if (saving || photosBusy) return
    const saved = await save(target)
    if (!saved) return
    // The new draft's id goes into this step's address too, so Back from the next step comes back to it.
    if (!listing) await leave(() => navigate(wizardPath(step, saved.id), { replace: true }))
    await leave(() => navigate(wizardPath(target, saved.id), { state: { fromStep: true } }))
  }

  const previous = previousStepOf(step)
  const next = nextStepOf(step)
  const index = stepIndex(step)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (next) void go(next)
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{t('wizard.title')}</Title>
      <nav aria-label={t('wizard.stepsLabel')}>
        <Stepper active={index} onStepClick={(target) => void go(LISTING_WIZARD_STEPS[target] ?? step)} size="sm" wrap>
          {LISTING_WIZARD_STEPS.map((name, position) => (
            <Stepper.Step
              key={name}
              label={t(`listing.step.${name}`)}
              aria-label={t('wizard.stepOf', { position: position + 1, count: LISTING_WIZARD_STEPS.length, name: t(`listing.step.${name}`) })}
              aria-current={name === step ? 'step' : undefined}
              allowStepSelect={listing !== null && name !== step && !saving && !photosBusy}
            />
          ))}
        </Stepper>
      </nav>
      <Paper withBorder p="lg">
        <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="wizard-step-heading">
          <Stack gap="lg">
            <Stack gap={4}>
              <Text size="sm" c="gray.7">
                {t('wizard.stepCounter', { position: index + 1, count: LISTING_WIZARD_STEPS.length })}
              </Text>
              <Title order={2} size="h3" id="wizard-step-heading" ref={headingRef} tabIndex={-1}>
                {t(`listing.step.${step}`)}
              </Title>
              {stepFields(step).length > 0 && (
                <Text size="sm" c="gray.7">
                  {t('wizard.markedNote')}
                </Text>
              )}
            </Stack>
            {restoredShown && restored && (
              <Alert color="blue" icon={<IconRestore size={18} aria-hidden />} title={t('wizard.restored.title')}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('wizard.restored.body')}</Text>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      form.revert(Object.keys(restored) as (keyof typeof restored)[])
                      setRestoredShown(false)
                    }}
                  >
                    {t('wizard.restored.discard')}
                  </Button>
                </Stack>
              </Alert>
            )}
            <StepContent step={step} listing={listing} form={form} confirmation={confirmation} disabled={saving} onListing={setListing} onPhotosBusy={setPhotosBusy} leave={leave} />
            <Group justify="space-between">
              {previous ? (
                <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => void go(previous)} disabled={saving || photosBusy}>
                  {t('wizard.back')}
                </Button>
              ) : (
                <span />
              )}
              {next && (
                <Button type="submit" rightSection={<IconArrowRight size={16} aria-hidden />} loading={saving} disabled={photosBusy}>
                  {t('wizard.next')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
      {leaveDialog}
    </Stack>
  )
}

type StepContentProps = {
  step: ListingWizardStep
  listing: ManagedListing | null
  form: ReturnType<typeof useListingForm>
  confirmation: ListPriceConfirmation
  disabled: boolean
  onListing: (listing: ManagedListing) => void
  onPhotosBusy: (busy: boolean) => void
  leave: (go: () => unknown) => unknown
}

function StepContent({ step, listing, form, confirmation, disabled, onListing, onPhotosBusy, leave }: StepContentProps) {
  const { t } = useTranslation()
  switch (step) {
    case 'pricing':
      return <PricingSection form={form} marked={PUBLISH_FIELDS} disabled={disabled} confirmation={confirmation} />
    case 'details':
      return <DetailsSection form={form} marked={PUBLISH_FIELDS} disabled={disabled} />
    case 'agent':
      return (
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t('wizard.agent.intro')}
          </Text>
          <AgentSection form={form} marked={PUBLISH_FIELDS} disabled={disabled} />
        </Stack>
      )
    case 'offer-settings':
      return <OfferSettingsSection form={form} marked={PUBLISH_FIELDS} disabled={disabled} />
    case 'photos':
      return listing ? <PhotosSection listing={listing} onListing={onListing} onBusyChange={onPhotosBusy} /> : null
    case 'review':
      return listing ? <ReviewStep listing={listing} leave={leave} /> : null
  }
}
