import { Stack, Text } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { InactivitySettingForm } from '../../features/admin/inactive-users/inactivity-setting-form'
import { InactiveUsersTable } from '../../features/admin/inactive-users/inactive-users-table'
import { AdminLayout } from './admin-layout'

/** /admin/inactiveusers (issue #15): the accounts nobody uses, the dormancy threshold, reminders and erasure. */
export default function AdminInactiveUsersPage() {
  const { t } = useTranslation()
  return (
    <AdminLayout title={t('adminShell.inactiveUsers')}>
      <Stack gap="lg">
        <Text c="gray.7">{t('inactiveUsers.intro')}</Text>
        <InactivitySettingForm />
        <InactiveUsersTable />
      </Stack>
    </AdminLayout>
  )
}
