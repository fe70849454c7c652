import { useState } from 'react'
import { Badge, Button, Group, Table, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { TeamMemberView, TeamTransaction } from '@offerbook/domain/teams'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { useDialog } from '../../../shared/ui/app-dialog'
import { useRemoveMember } from '../api/teams'
import { accessSummary } from './access-fields'
import { AccessModal } from './access-modal'
import { DataTable } from '../../../shared/ui/data-table'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

type Props = { members: readonly TeamMemberView[]; listings: readonly TeamTransaction[]; offers: readonly TeamTransaction[] }

/** The leader's members: kind, access, and the changes (access in a modal, removal after a confirmation). */
export function MembersTable({ members, listings, offers }: Props) {
  const { t, i18n } = useTranslation()
  const dialog = useDialog()
  const remove = useRemoveMember()
  const [editing, setEditing] = useState<TeamMemberView | null>(null)

  if (members.length === 0) return <Text c="dimmed">{t('teams.members.empty')}</Text>

  const askRemove = async (member: TeamMemberView) => {
    const confirmed = await dialog.confirm({
      title: t('teams.members.removeTitle', { name: member.name }),
      message: t('teams.members.removeMessage', { name: member.name }),
      confirmLabel: t('teams.members.removeConfirm'),
    })
    if (!confirmed) return
    remove.mutate(member.userId, { onSuccess: () => notifySuccess(t('teams.members.removed', { name: member.name })), onError: notifyError })
  }

  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium' })
  return (
    <>
      <DataTable
        minWidth={640}
        striped
        verticalSpacing="sm"
        columns={['name', 'kind', 'access', 'joined', 'actions'].map((column) => t(`teams.members.${column}`))}
        items={members}
        row={(member) => (
          <Table.Tr key={member.userId}>
            <Table.Td>
              <Text fw={600}>{member.name}</Text>
              <Text size="sm" c="dimmed">
                {member.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap="xs">
                <Text>{t(`teams.kind.${member.kind}`)}</Text>
                {member.brokerage && (
                  <Badge variant="light" color="grape">
                    {t('teams.members.brokerage')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>{accessSummary(t, member)}</Table.Td>
            <Table.Td>{date.format(new Date(member.joinedAt))}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setEditing(member)} aria-label={t('teams.members.changeOf', { name: member.name })}>
                  {t('teams.members.change')}
                </Button>
                <Button size="xs" color="red" variant="light" onClick={() => void askRemove(member)} aria-label={t('teams.members.removeOf', { name: member.name })}>
                  {t('teams.members.remove')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <AccessModal member={editing} listings={listings} offers={offers} onClose={() => setEditing(null)} />
    </>
  )
}
