import { useTranslation } from '../../shared/i18n/translation'
import { UserImportPanel } from '../../features/admin/user-import/user-import-panel'
import { AdminLayout } from './admin-layout'

/** /admin/import-users (SUPER_ADMIN): the CSV user import. */
export default function AdminImportUsersPage() {
  const { t } = useTranslation()
  return (
    <AdminLayout title={t('adminShell.importUsers')}>
      <UserImportPanel />
    </AdminLayout>
  )
}
