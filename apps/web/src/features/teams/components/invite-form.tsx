import { useState } from 'react'
import type { FormEvent } from 'react'
import { Alert, Button, Group, Radio, Stack, TextInput } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { TeamMemberKind, TeamTransaction } from '@offerbook/domain/teams'
import { TEAM_MEMBER_KINDS, TeamInviteSchema } from '@offerbook/domain/teams'
import { ApiClientError } from '../../../shared/api-client'
import { errorText } from '../../../shared/i18n/messages'
import { notifySuccess } from '../../../shared/notify'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { useInvite } from '../api/teams'
import type { AccessErrors, AccessValue } from './access-fields'
import { AccessFields } from './access-fields'

const FIELDS = ['email', 'listingIds', 'offerIds'] as const
const EMPTY_ACCESS: AccessValue = { access: 'all', listingIds: [], offerIds: [] }

/** Email, agent or support staff, and the access the invitee gets on accepting. */
export function InviteForm({ listings, offers }: { listings: readonly TeamTransaction[]; offers: readonly TeamTransaction[] }) {
  const { t } = useTranslation()
  const invite = useInvite()
  // The same schema the API checks: a bad address is told before anything is sent.
  const form = useSchemaForm({
    schema: TeamInviteSchema,
    initialValues: { email: '', kind: 'agent' as TeamMemberKind, access: EMPTY_ACCESS },
    toInput: ({ access, ...values }) => ({ ...values, ...access }),
    fields: FIELDS,
  })
  const { kind, access } = form.values
  const [failure, setFailure] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    setFailure(null)
    form.onSubmit((request) =>
      invite.mutate(request, {
        onSuccess: (invitation) => {
          notifySuccess(t('teams.invite.sent', { email: invitation.email }))
          form.setValues({ ...form.values, email: '', access: EMPTY_ACCESS })
          form.setErrors({})
        },
        onError: (error) => {
          const placed = form.serverErrors(error)
          if (!placed) form.setErrors({})
          if (!placed || !(error instanceof ApiClientError)) setFailure(errorText(error))
        },
      }),
    )(event)
  }

  const accessErrors: AccessErrors = { listingIds: form.errors.listingIds, offerIds: form.errors.offerIds }
  return (
    <form onSubmit={submit} noValidate aria-label={t('teams.invite.title')}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert" title={t('teams.invite.failed')}>
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('teams.invite.email')}
          description={t('teams.invite.emailHint')}
          type="email"
          autoComplete="off"
          required
          {...form.field('email')}
          maxLength={254}
        />
        <Radio.Group label={t('teams.invite.kind')} value={kind} onChange={(value) => form.setValue('kind', value as TeamMemberKind, [])}>
          <Group gap="lg" mt="xs">
            {TEAM_MEMBER_KINDS.map((option) => (
              <Radio key={option} value={option} label={t(`teams.kind.${option}`)} />
            ))}
          </Group>
        </Radio.Group>
        <AccessFields
          value={access}
          onChange={(value) => form.setValue('access', value, ['listingIds', 'offerIds'])}
          listings={listings}
          offers={offers}
          errors={accessErrors}
        />
        <Group>
          <Button type="submit" loading={invite.isPending}>
            {t('teams.invite.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
