import { useState } from 'react'
import { Alert, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link, Navigate, useNavigate } from '../../../shared/navigation'
import type { Onboarding, OnboardingKind } from '@offerbook/domain/profile'
import { isAgentKind, ONBOARDING_KINDS, OnboardingSchema } from '@offerbook/domain/profile'
import { homePathFor } from '@offerbook/domain/route-access'
import type { User } from '@offerbook/domain/user'
import { errorMessage, notifyError } from '../../../shared/notify'
import type { AgentDetailField } from '../../../shared/ui/agent-details-fields'
import { AgentDetailsFields } from '../../../shared/ui/agent-details-fields'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { useCompleteOnboarding } from '../api/complete-onboarding'
import type { OnboardingStep } from '../onboarding-steps'
import { onboardingPath } from '../onboarding-steps'

export type OnboardingWizardProps = {
  step: OnboardingStep
  user: User
  onCompleted: (user: User) => void
}

/** What the details step holds: the phone as PhoneInput emits it (E.164, or '' for none). */
type OnboardingDetails = Record<AgentDetailField, string>

/** What is sent: the NRDS number and MLS ID of an agent only, and a phone or ZIP code when given. */
function onboardingBody(kind: OnboardingKind, details: OnboardingDetails): Onboarding {
  const body: Onboarding = { kind }
  if (isAgentKind(kind)) {
    body.nrds = details.nrds.trim()
    body.sellerAgentId = details.sellerAgentId.trim()
  }
  if (details.phone) body.phone = details.phone
  if (details.zipcode.trim()) body.zipcode = details.zipcode.trim()
  return body
}

/** The onboarding steps; entries live here, so Back and Next between the steps keep them. */
export function OnboardingWizard({ step, user, onCompleted }: OnboardingWizardProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [kind, setKind] = useState<OnboardingKind | null>(null)
  const [kindError, setKindError] = useState(false)
  const form = useSchemaForm({
    schema: OnboardingSchema,
    initialValues: (): OnboardingDetails => ({ nrds: user.nrds ?? '', sellerAgentId: user.sellerAgentId ?? '', phone: user.phone ?? '', zipcode: user.zipcode ?? '' }),
    toInput: (details) => (kind ? onboardingBody(kind, details) : {}),
  })
  // Finishing makes the user onboarded; the done step must still show once rather than send them home.
  const [finished, setFinished] = useState(false)
  const complete = useCompleteOnboarding({
    onCompleted: (updated) => {
      setFinished(true)
      onCompleted(updated)
      void navigate(onboardingPath('done'))
    },
  })

  const go = (to: OnboardingStep) => void navigate(onboardingPath(to))

  if (user.onboarded && !finished && step !== 'done') return <Navigate replace to={homePathFor(user.roles)} />
  if (step === 'done' && !user.onboarded) return <Navigate replace to={onboardingPath('welcome')} />
  if (step === 'details' && !kind) return <Navigate replace to={onboardingPath('role')} />

  if (step === 'welcome') {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('accounts.onboarding.welcome.title')}</Title>
        <Text size="lg">{t('accounts.onboarding.welcome.body')}</Text>
        <Group>
          <Button size="md" onClick={() => go('role')}>
            {t('accounts.onboarding.welcome.cta')}
          </Button>
        </Group>
      </Stack>
    )
  }

  if (step === 'role') {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('accounts.onboarding.role.title')}</Title>
        <Radio.Group
          label={t('accounts.onboarding.role.legend')}
          value={kind}
          onChange={(value) => {
            setKind(ONBOARDING_KINDS.find((option) => option === value) ?? null)
            setKindError(false)
          }}
          error={kindError ? t('accounts.onboarding.role.required') : undefined}
        >
          <Stack gap="sm" mt="xs">
            {ONBOARDING_KINDS.map((option) => (
              <Paper key={option} withBorder p="md" radius="md" bg={kind === option ? 'var(--mantine-color-brand-light)' : undefined}>
                <Radio value={option} label={t(`accounts.onboarding.role.kinds.${option}.label`)} description={t(`accounts.onboarding.role.kinds.${option}.description`)} />
              </Paper>
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="space-between">
          <Button variant="default" onClick={() => go('welcome')}>
            {t('accounts.onboarding.back')}
          </Button>
          <Button
            onClick={() => {
              if (!kind) setKindError(true)
              else go('details')
            }}
          >
            {t('accounts.onboarding.next')}
          </Button>
        </Group>
      </Stack>
    )
  }

  if (step === 'details' && kind) {
    const agent = isAgentKind(kind)
    const onSubmit = form.onSubmit((_checked, details) =>
      complete.mutate(onboardingBody(kind, details), {
        onError: (error) => {
          form.serverErrors(error)
          notifyError(error)
        },
      }),
    )
    return (
      <form onSubmit={onSubmit} noValidate aria-label={t('accounts.onboarding.details.title')}>
        <Stack gap="lg">
          <Title order={1}>{t('accounts.onboarding.details.title')}</Title>
          <Text>{t(agent ? 'accounts.onboarding.details.agentIntro' : kind === 'ASSISTANT' ? 'accounts.onboarding.details.assistantIntro' : 'accounts.onboarding.details.otherIntro')}</Text>
          {complete.isError && (
            <Alert color="red" role="alert" title={t('accounts.onboarding.details.failed')}>
              {errorMessage(complete.error)}
            </Alert>
          )}
          <AgentDetailsFields field={form.field} texts="accounts.onboarding.details" agent={agent} contactRequired={agent} agentFirst />
          <Group justify="space-between">
            <Button variant="default" onClick={() => go('role')}>
              {t('accounts.onboarding.back')}
            </Button>
            <Button type="submit" loading={complete.isPending}>
              {t('accounts.onboarding.details.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    )
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{t('accounts.onboarding.done.title')}</Title>
      <Text size="lg">{t(kind === 'ASSISTANT' ? 'accounts.onboarding.done.assistantBody' : 'accounts.onboarding.done.body')}</Text>
      <Group>
        <Button component={Link} to={homePathFor(user.roles)} size="md">
          {t('accounts.onboarding.done.cta')}
        </Button>
      </Group>
    </Stack>
  )
}
