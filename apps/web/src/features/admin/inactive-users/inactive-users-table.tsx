import { useState } from 'react'
import { Badge, Button, Group, List, Modal, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { InactiveReason, InactiveUser } from '@offerbook/domain/inactive-users'
import { INACTIVE_REASONS } from '@offerbook/domain/inactive-users'
import { RoleBadges } from '../../../shared/ui/role-badges'
import { PagedTable } from '../../../shared/ui/paged-table'
import { SearchInput } from '../../../shared/ui/search-input'
import { SegmentedFilter } from '../../../shared/ui/segmented-filter'
import { usePagedSearch } from '../../../shared/ui/use-paged-search'
import { notifyError, notifySuccess } from '../../../shared/notify'
import type { InactiveUserAction } from './inactive-users-api'
import { useInactiveUserAction, useInactiveUsers } from './inactive-users-api'
import { DialogActions } from '../../../shared/ui/dialog-actions'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

const P = 'inactiveUsers'
const REASON_COLORS: Record<InactiveReason, string> = { deactivated: 'red', dormant: 'gray', unverified: 'grape', notOnboarded: 'blue' }

function formatDate(language: string, iso: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso))
}

/** The confirmation before erasing: what goes, and what the law keeps. */
function EraseModal({ target, busy, onCancel, onConfirm }: { target: InactiveUser | null; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal opened={target !== null} onClose={onCancel} title={t(`${P}.eraseTitle`)} closeButtonProps={{ 'aria-label': t(`${P}.cancel`) }}>
      {target && (
        <Stack gap="sm">
          <Text size="sm">{t(`${P}.eraseIntro`, { name: target.name || target.email, email: target.email })}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t(`${P}.eraseGoes`)}</List.Item>
            <List.Item>{t(`${P}.eraseKept`)}</List.Item>
          </List>
          <Text size="sm" fw={600}>
            {t(`${P}.eraseFinal`)}
          </Text>
          <DialogActions cancel={t(`${P}.cancel`)} onCancel={onCancel} confirm={t(`${P}.eraseConfirm`)} onConfirm={onConfirm} color="red.8" loading={busy} />
        </Stack>
      )}
    </Modal>
  )
}

/** /admin/inactiveusers: the accounts that are deactivated, dormant, unverified or not onboarded, and what an admin does to them. */
export function InactiveUsersTable() {
  const { t, i18n } = useTranslation()
  const { request, pager, fromFirstPage, searchInput } = usePagedSearch()
  const [reason, setReason] = useState<InactiveReason | 'all'>('all')
  const [erasing, setErasing] = useState<InactiveUser | null>(null)
  const users = useInactiveUsers({ ...request, reason: reason === 'all' ? undefined : reason })
  const action = useInactiveUserAction()

  const run = (next: InactiveUserAction, done: string, name: string) =>
    action.mutate(next, {
      onSuccess: () => {
        notifySuccess(t(done, { name }))
        setErasing(null)
      },
      onError: notifyError,
    })
  const busy = (kind: InactiveUserAction['kind'], id: string) => action.isPending && action.variables?.kind === kind && action.variables.id === id

  const rowOf = (user: InactiveUser) => {
    const name = user.name || user.email
    return (
      <Table.Tr key={user.id}>
        <Table.Td>{user.name || t(`${P}.noName`)}</Table.Td>
        <Table.Td>{user.email}</Table.Td>
        <Table.Td>
          <Group gap={4}>
            {user.reasons.map((r) => (
              <Badge key={r} variant="light" color={REASON_COLORS[r]} size="sm" tt="none">
                {t(`${P}.reasons.${r}`)}
              </Badge>
            ))}
          </Group>
        </Table.Td>
        <Table.Td>
          <RoleBadges roles={user.roles} variant="outline" size="sm" />
        </Table.Td>
        <Table.Td>{formatDate(i18n.language, user.createdAt)}</Table.Td>
        <Table.Td>{user.lastSignInAt ? formatDate(i18n.language, user.lastSignInAt) : t(`${P}.never`)}</Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            {user.deactivatedAt ? (
              <Button
                size="xs"
                variant="light"
                loading={busy('reactivate', user.id)}
                onClick={() => run({ kind: 'reactivate', id: user.id, expectedUpdatedAt: user.updatedAt }, `${P}.reactivated`, name)}
                aria-label={t(`${P}.reactivateUser`, { name })}
              >
                {t(`${P}.reactivate`)}
              </Button>
            ) : (
              <Button size="xs" variant="light" loading={busy('reminder', user.id)} onClick={() => run({ kind: 'reminder', id: user.id }, `${P}.reminderSent`, name)} aria-label={t(`${P}.remindUser`, { name })}>
                {t(`${P}.remind`)}
              </Button>
            )}
            {!user.emailVerified && (
              <Button size="xs" variant="light" color="red" onClick={() => setErasing(user)} aria-label={t(`${P}.eraseUser`, { name })}>
                {t(`${P}.erase`)}
              </Button>
            )}
          </Group>
        </Table.Td>
      </Table.Tr>
    )
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <SearchInput label={t(`${P}.search`)} placeholder={t(`${P}.searchPlaceholder`)} {...searchInput} />
        <SegmentedFilter
          label={t(`${P}.reason`)}
          value={reason}
          onChange={fromFirstPage(setReason)}
          data={[{ value: 'all' as const, label: t(`${P}.reasons.all`) }, ...INACTIVE_REASONS.map((r) => ({ value: r, label: t(`${P}.reasons.${r}`) }))]}
        />
      </Group>
      <PagedTable
        query={users}
        {...pager}
        minWidth={900}
        loadingRows={5}
        texts={{
          table: t(`${P}.tableLabel`),
          loading: t(`${P}.loading`),
          loadFailed: t(`${P}.loadFailed`),
          total: (data) => t(`${P}.total`, { count: data.total, days: data.days }),
          empty: t(`${P}.empty`),
          pages: t(`${P}.pagination`),
        }}
        columns={['name', 'email', 'reasonsColumn', 'roles', 'createdAt', 'lastSignInAt', 'actions'].map((column) => t(`${P}.${column}`))}
        row={rowOf}
      />
      <EraseModal
        target={erasing}
        busy={erasing !== null && busy('erase', erasing.id)}
        onCancel={() => setErasing(null)}
        onConfirm={() => erasing && run({ kind: 'erase', id: erasing.id }, `${P}.erased`, erasing.email)}
      />
    </Stack>
  )
}
