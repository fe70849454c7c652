import { useState } from 'react'
import { Badge, Group, Select, Stack, Table, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import type { AdminUserRow, AdminUserSort, AdminUserStatus } from '@offerbook/domain/admin-users'
import { ADMIN_USER_STATUSES } from '@offerbook/domain/admin-users'
import type { Role } from '@offerbook/domain/roles'
import { ROLES } from '@offerbook/domain/roles'
import { RoleBadges } from '../../../shared/ui/role-badges'
import { PagedTable } from '../../../shared/ui/paged-table'
import { SearchInput } from '../../../shared/ui/search-input'
import { usePagedSearch } from '../../../shared/ui/use-paged-search'
import { useAdminUsers } from './admin-users-api'
import { formatDateTime } from '../../../shared/format-date-time'
import { statusOf } from './user-format'

const P = 'adminUsers'

type Sort = { sort: AdminUserSort; order: 'asc' | 'desc' }

function SortableHeader({ column, label, current, onSort }: { column: AdminUserSort; label: string; current: Sort; onSort: (sort: Sort) => void }) {
  const active = current.sort === column
  const Icon = active ? (current.order === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort
  return (
    <Table.Th aria-sort={active ? (current.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort({ sort: column, order: active && current.order === 'asc' ? 'desc' : 'asc' })}
        fw={700}
        fz="sm"
      >
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  )
}

/** The users list of /admin/users: search, filters, sorting and pages; a row opens the user. */
export function AdminUsersTable({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation()
  const { request, pager, fromFirstPage, searchInput } = usePagedSearch()
  const [role, setRole] = useState<Role | null>(null)
  const [status, setStatus] = useState<AdminUserStatus | null>(null)
  const [sort, setSort] = useState<Sort>({ sort: 'name', order: 'asc' })
  const users = useAdminUsers({ ...request, role: role ?? undefined, status: status ?? undefined, ...sort })

  const rowOf = (user: AdminUserRow) => {
    const state = statusOf(user)
    return (
      <Table.Tr key={user.uid}>
        <Table.Td>
          <UnstyledButton onClick={() => onOpen(user.uid)} td="underline" fz="sm" aria-label={t(`${P}.open`, { name: user.name || user.email })}>
            {user.name || t(`${P}.noName`)}
          </UnstyledButton>
        </Table.Td>
        <Table.Td>{user.email}</Table.Td>
        <Table.Td>
          <RoleBadges roles={user.roles} size="sm" />
        </Table.Td>
        <Table.Td>
          <Badge variant={state === 'deactivated' ? 'filled' : 'light'} size="sm" tt="none" color={state === 'deactivated' ? 'dark' : undefined}>
            {t(`${P}.statuses.${state}`)}
          </Badge>
        </Table.Td>
        <Table.Td>{formatDateTime(i18n.language, user.createdAt)}</Table.Td>
        <Table.Td>{user.lastSignInAt ? formatDateTime(i18n.language, user.lastSignInAt) : t(`${P}.never`)}</Table.Td>
      </Table.Tr>
    )
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <SearchInput label={t(`${P}.search`)} placeholder={t(`${P}.searchPlaceholder`)} {...searchInput} />
        <Select
          label={t(`${P}.role`)}
          placeholder={t(`${P}.anyRole`)}
          data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          value={role}
          onChange={(value) => fromFirstPage(setRole)(value as Role | null)}
          clearable
          clearButtonProps={{ 'aria-label': t(`${P}.clearRole`) }}
        />
        <Select
          label={t(`${P}.status`)}
          placeholder={t(`${P}.anyStatus`)}
          data={ADMIN_USER_STATUSES.map((s) => ({ value: s, label: t(`${P}.statuses.${s}`) }))}
          value={status}
          onChange={(value) => fromFirstPage(setStatus)(value as AdminUserStatus | null)}
          clearable
          clearButtonProps={{ 'aria-label': t(`${P}.clearStatus`) }}
        />
      </Group>
      <PagedTable
        query={users}
        {...pager}
        minWidth={760}
        loadingRows={5}
        highlightOnHover
        texts={{
          table: t(`${P}.tableLabel`),
          loading: t(`${P}.loading`),
          loadFailed: t(`${P}.loadFailed`),
          total: (data) => t(`${P}.total`, { count: data.total }),
          empty: t(`${P}.empty`),
          pages: t(`${P}.pagination`),
        }}
        head={
          <>
            <SortableHeader column="name" label={t(`${P}.name`)} current={sort} onSort={setSort} />
            <SortableHeader column="email" label={t(`${P}.email`)} current={sort} onSort={setSort} />
            <Table.Th>{t(`${P}.roles`)}</Table.Th>
            <Table.Th>{t(`${P}.status`)}</Table.Th>
            <SortableHeader column="createdAt" label={t(`${P}.createdAt`)} current={sort} onSort={setSort} />
            <SortableHeader column="lastSignInAt" label={t(`${P}.lastSignInAt`)} current={sort} onSort={setSort} />
          </>
        }
        row={rowOf}
      />
    </Stack>
  )
}
