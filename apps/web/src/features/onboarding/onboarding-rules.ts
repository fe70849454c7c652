import { MESSAGES, firstError, mlsIdSchema } from '@offerbook/domain/validation'

export const ONBOARDING_STEPS = ['welcome', 'role', 'details', 'done'] as const
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]

/** An unknown step shows the first one. */
export function stepFrom(value: string | undefined): OnboardingStep {
  return ONBOARDING_STEPS.find((step) => step === value) ?? 'welcome'
}

export function onboardingPath(step: OnboardingStep): string {
  return `/onboarding/${step}`
}

/** The choices of the role step, in the order shown; each becomes the user's role. */
export const ONBOARDING_KINDS = ['SELLER_OWNER', 'SELLER_SIMPLE', 'SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT'] as const
export type OnboardingKind = (typeof ONBOARDING_KINDS)[number]

export function isAgent(kind: OnboardingKind): boolean {
  return kind === 'SELLER_AGENT' || kind === 'BUYER_AGENT'
}

export const NRDS_MESSAGE = 'NRDS number must be 9 digits'
export const ZIPCODE_MESSAGE = 'Invalid ZIP code'

export type OnboardingDetails = { nrds: string; sellerAgentId: string; phone: string; zipcode: string }
export type DetailErrors = Partial<Record<keyof OnboardingDetails, string>>

export type CompleteOnboarding = { kind: OnboardingKind; nrds?: string; sellerAgentId?: string; phone?: string; zipcode?: string }

/** Agents give all four (their license must be checkable); everyone else may give phone and ZIP code. */
export function detailErrors(kind: OnboardingKind, details: OnboardingDetails): DetailErrors {
  const errors: DetailErrors = {}
  const nrds = details.nrds.trim()
  const zipcode = details.zipcode.trim()
  if (isAgent(kind)) {
    if (nrds === '') errors.nrds = MESSAGES.required
    else if (!/^\d{9}$/.test(nrds)) errors.nrds = NRDS_MESSAGE
    const mlsError = firstError(mlsIdSchema, details.sellerAgentId)
    if (mlsError) errors.sellerAgentId = mlsError
    // PhoneInput hands over '' while the number is empty or not valid, and names the latter itself.
    if (details.phone === '') errors.phone = MESSAGES.required
    if (zipcode === '') errors.zipcode = MESSAGES.required
  }
  if (zipcode !== '' && !/^\d{5}$/.test(zipcode)) errors.zipcode = ZIPCODE_MESSAGE
  return errors
}

export function onboardingBody(kind: OnboardingKind, details: OnboardingDetails): CompleteOnboarding {
  const body: CompleteOnboarding = { kind }
  if (isAgent(kind)) {
    body.nrds = details.nrds.trim()
    body.sellerAgentId = details.sellerAgentId.trim()
  }
  if (details.phone) body.phone = details.phone
  if (details.zipcode.trim()) body.zipcode = details.zipcode.trim()
  return body
}
