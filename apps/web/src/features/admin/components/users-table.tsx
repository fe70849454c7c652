import { useState } from 'react'
import { Alert, Badge, Button, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../shared/notify'
import { CenteredLoader } from '../../../shared/ui/centered-loader'
import { useUsers } from '../api/list-users'

const PAGE_SIZE = 20
/** Spec section 9: search input debounce. */
const SEARCH_DEBOUNCE_MS = 500

export function UsersTable() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const users = useUsers({ page, pageSize: PAGE_SIZE, search: debounced })

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('admin.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value)
          setPage(1)
        }}
        maw={360}
      />
      {users.isPending && <CenteredLoader />}
      {users.isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{errorMessage(users.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void users.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {users.data && (
        <>
          <Text size="sm" c="gray.7" aria-live="polite">
            {t('admin.total', { count: users.data.total })}
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.name')}</Table.Th>
                  <Table.Th>{t('admin.email')}</Table.Th>
                  <Table.Th>{t('admin.roles')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.items.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={3}>{t('admin.empty')}</Table.Td>
                  </Table.Tr>
                )}
                {users.data.items.map((user) => (
                  <Table.Tr key={user.uid}>
                    <Table.Td>{user.name}</Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {user.roles.map((role) => (
                          <Badge key={role} variant="light" size="sm" tt="none">
                            {t(`roles.${role}`)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {users.data.total > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(users.data.total / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              aria-label={t('admin.pagination')}
            />
          )}
        </>
      )}
    </Stack>
  )
}
