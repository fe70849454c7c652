import { Badge, Button, Group, Table, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { TeamInvitationView } from '@offerbook/domain/teams'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { useDialog } from '../../../shared/ui/app-dialog'
import { useResendInvitation, useRevokeInvitation } from '../api/teams'
import { accessSummary } from './access-fields'
import { DataTable } from '../../../shared/ui/data-table'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/** The invitations waiting for an answer (expired ones too: they can be sent again), each withdrawable. */
export function InvitationsTable({ invitations }: { invitations: readonly TeamInvitationView[] }) {
  const { t, i18n } = useTranslation()
  const dialog = useDialog()
  const revoke = useRevokeInvitation()
  const resend = useResendInvitation()

  if (invitations.length === 0) return <Text c="dimmed">{t('teams.invitations.empty')}</Text>

  const askRevoke = async (invitation: TeamInvitationView) => {
    const confirmed = await dialog.confirm({
      title: t('teams.invitations.revokeTitle'),
      message: t('teams.invitations.revokeMessage', { email: invitation.email }),
      confirmLabel: t('teams.invitations.revokeConfirm'),
    })
    if (!confirmed) return
    revoke.mutate(invitation.id, { onSuccess: () => notifySuccess(t('teams.invitations.revoked', { email: invitation.email })), onError: notifyError })
  }

  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <DataTable
      minWidth={640}
      striped
      verticalSpacing="sm"
      columns={[t('teams.invitations.email'), t('teams.members.kind'), t('teams.members.access'), t('teams.invitations.state'), t('teams.invitations.expires'), t('teams.members.actions')]}
      items={invitations}
      row={(invitation) => (
        <Table.Tr key={invitation.id}>
          <Table.Td>{invitation.email}</Table.Td>
          <Table.Td>{t(`teams.kind.${invitation.kind}`)}</Table.Td>
          <Table.Td>{accessSummary(t, invitation)}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={invitation.state === 'pending' ? 'blue' : 'gray'}>
              {t(invitation.state === 'pending' ? 'teams.invitations.pending' : 'teams.invitations.expired')}
            </Badge>
          </Table.Td>
          <Table.Td>{date.format(new Date(invitation.expiresAt))}</Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                variant="default"
                loading={resend.isPending && resend.variables === invitation.id}
                onClick={() => resend.mutate(invitation.id, { onSuccess: () => notifySuccess(t('teams.invitations.resent', { email: invitation.email })), onError: notifyError })}
                aria-label={t('teams.invitations.resendTo', { email: invitation.email })}
              >
                {t('teams.invitations.resend')}
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => void askRevoke(invitation)} aria-label={t('teams.invitations.revokeTo', { email: invitation.email })}>
                {t('teams.invitations.revoke')}
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    />
  )
}
