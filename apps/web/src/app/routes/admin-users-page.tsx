import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { UsersTable } from '../../features/admin/components/users-table'

export default function AdminUsersPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="md">
      <Title order={1}>{t('nav.admin')}</Title>
      <Text fw={500}>{t('admin.usersTitle')}</Text>
      <UsersTable />
    </Stack>
  )
}
