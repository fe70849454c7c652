import { Stack } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { FirebaseImportForm } from '../../features/admin/identity/firebase-import-form'
import { LinkedAccountsTable } from '../../features/admin/identity/linked-accounts-table'
import { ProviderSection } from '../../features/admin/identity/provider-section'
import { AdminLayout } from './admin-layout'

/** /admin/firebase (the spec's route name): the identity provider, its linked accounts, and the Firebase import. SUPER_ADMIN only. */
export default function AdminFirebasePage() {
  const { t } = useTranslation()
  return (
    <AdminLayout title={t('adminShell.identity')}>
      <Stack gap="lg">
        <ProviderSection />
        <LinkedAccountsTable />
        <FirebaseImportForm />
      </Stack>
    </AdminLayout>
  )
}
