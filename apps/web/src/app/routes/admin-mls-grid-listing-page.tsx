import { useTranslation } from '../../shared/i18n/translation'
import { MlsGridPanel } from '../../features/admin/mls-replication/mls-grid-panel'
import { ReplicasTable } from '../../features/admin/mls-replication/replicas-table'
import { AdminLayout } from './admin-layout'

/** /admin/mls-grid-listing (super admins): the MLS Grid feed replication, its runs and the replicated listings. */
export default function AdminMlsGridListingPage() {
  const { t } = useTranslation()
  return (
    <AdminLayout title={t('adminShell.mlsGrid')}>
      <MlsGridPanel>{(status) => <ReplicasTable running={status.running} />}</MlsGridPanel>
    </AdminLayout>
  )
}
