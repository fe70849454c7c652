import type { ListingFieldName, ListingWizardStep, ManagedListing, PublishProblem } from '@offerbook/domain/listing'
import { LISTING_WIZARD_STEPS, listingPublishProblems, ListingWizardStepSchema, WIZARD_STEP_FIELDS } from '@offerbook/domain/listing'

/** /add-listing/new/{step}?id=<draft id>: the draft travels in the address, so reload, Back and Forward keep it. */
export const WIZARD_BASE_PATH = '/add-listing/new'

export function parseWizardStep(value: string | undefined): ListingWizardStep | null {
  const parsed = ListingWizardStepSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

export function wizardPath(step: ListingWizardStep, id: string | null): string {
  return `${WIZARD_BASE_PATH}/${step}${id ? `?id=${encodeURIComponent(id)}` : ''}`
}

/** The step and draft of a wizard address, or null for any other page. */
export function wizardTarget(location: { pathname: string; search: string }): { step: ListingWizardStep; id: string | null } | null {
  const prefix = `${WIZARD_BASE_PATH}/`
  if (!location.pathname.startsWith(prefix)) return null
  const step = parseWizardStep(location.pathname.slice(prefix.length).replace(/\/+$/, ''))
  if (!step) return null
  return { step, id: new URLSearchParams(location.search).get('id') }
}

export function stepIndex(step: ListingWizardStep): number {
  return LISTING_WIZARD_STEPS.indexOf(step)
}

export function nextStepOf(step: ListingWizardStep): ListingWizardStep | null {
  return LISTING_WIZARD_STEPS[stepIndex(step) + 1] ?? null
}

export function previousStepOf(step: ListingWizardStep): ListingWizardStep | null {
  return stepIndex(step) > 0 ? (LISTING_WIZARD_STEPS[stepIndex(step) - 1] ?? null) : null
}

/** The draft remembers the furthest step reached, so 'Continue' brings the person back there. */
export function furthestStep(reached: ListingWizardStep | null | undefined, going: ListingWizardStep): ListingWizardStep {
  return reached && stepIndex(reached) > stepIndex(going) ? reached : going
}

/** The fields a step edits; photos and review have none of their own. */
export function stepFields(step: ListingWizardStep): readonly ListingFieldName[] {
  return step === 'photos' || step === 'review' ? [] : WIZARD_STEP_FIELDS[step]
}

/** Fields a step will not move on without: a draft starts with its price. */
export function requiredOnStep(step: ListingWizardStep): readonly ListingFieldName[] {
  return step === 'pricing' ? ['ListPrice'] : []
}

/** What stops the draft from being published, each with the step that fixes it. */
export function publishProblemsOf(listing: ManagedListing): PublishProblem[] {
  return listingPublishProblems({ ...listing, photoCount: listing.Media.length })
}
