import { useState } from 'react'
import type { FormEvent } from 'react'
import { Alert, Button, Group, Radio, Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Message } from '@offerbook/domain/messages'
import type { TeamMemberKind, TeamTransaction } from '@offerbook/domain/teams'
import { TEAM_MEMBER_KINDS, TeamInviteSchema } from '@offerbook/domain/teams'
import { ApiClientError, fieldErrorsOf } from '../../../shared/api-client'
import { errorText, translateOptional } from '../../../shared/i18n/messages'
import { notifySuccess } from '../../../shared/notify'
import { useInvite } from '../api/teams'
import type { AccessErrors, AccessValue } from './access-fields'
import { AccessFields } from './access-fields'

const FIELDS = ['email', 'listingIds', 'offerIds'] as const
type Errors = Partial<Record<(typeof FIELDS)[number], Message>>
const EMPTY_ACCESS: AccessValue = { access: 'all', listingIds: [], offerIds: [] }

/** Email, agent or support staff, and the access the invitee gets on accepting. */
export function InviteForm({ listings, offers }: { listings: readonly TeamTransaction[]; offers: readonly TeamTransaction[] }) {
  const { t } = useTranslation()
  const invite = useInvite()
  const [email, setEmail] = useState('')
  const [kind, setKind] = useState<TeamMemberKind>('agent')
  const [access, setAccess] = useState<AccessValue>(EMPTY_ACCESS)
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    // The same schema the API checks: a bad address is told before anything is sent.
    const parsed = TeamInviteSchema.safeParse({ email, kind, ...access })
    if (!parsed.success) {
      const found: Errors = {}
      for (const issue of parsed.error.issues) {
        const field = FIELDS.find((name) => name === issue.path[0])
        if (field && !found[field]) found[field] = { key: issue.message as Message['key'] }
      }
      setErrors(found)
      return
    }
    invite.mutate(parsed.data, {
      onSuccess: (invitation) => {
        notifySuccess(t('teams.invite.sent', { email: invitation.email }))
        setEmail('')
        setAccess(EMPTY_ACCESS)
        setErrors({})
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error, FIELDS)
        setErrors(fields)
        if (Object.keys(fields).length === 0 || !(error instanceof ApiClientError)) setFailure(errorText(error))
      },
    })
  }

  const accessErrors: AccessErrors = { listingIds: errors.listingIds, offerIds: errors.offerIds }
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
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value)
            setErrors((current) => ({ ...current, email: undefined }))
          }}
          error={translateOptional(errors.email)}
          maxLength={254}
        />
        <Radio.Group label={t('teams.invite.kind')} value={kind} onChange={(value) => setKind(value as TeamMemberKind)}>
          <Group gap="lg" mt="xs">
            {TEAM_MEMBER_KINDS.map((option) => (
              <Radio key={option} value={option} label={t(`teams.kind.${option}`)} />
            ))}
          </Group>
        </Radio.Group>
        <AccessFields
          value={access}
          onChange={(value) => {
            setAccess(value)
            setErrors((current) => ({ ...current, listingIds: undefined, offerIds: undefined }))
          }}
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
