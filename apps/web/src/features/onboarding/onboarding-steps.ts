/** The onboarding wizard's steps, each at its own path so Back and Next are the browser's too. */
export const ONBOARDING_STEPS = ['welcome', 'role', 'details', 'done'] as const
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]

/** An unknown step shows the first one. */
export function stepFrom(value: string | undefined): OnboardingStep {
  return ONBOARDING_STEPS.find((step) => step === value) ?? 'welcome'
}

export function onboardingPath(step: OnboardingStep): string {
  return `/onboarding/${step}`
}
