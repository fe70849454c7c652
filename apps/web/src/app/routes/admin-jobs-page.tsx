import { useTranslation } from '../../shared/i18n/translation'
import { JobsTable } from '../../features/admin/jobs/jobs-table'
import { AdminLayout } from './admin-layout'

/** /admin/jobs (super admins): the background jobs of the job runner and their last runs (decision 045). */
export default function AdminJobsPage() {
  const { t } = useTranslation()
  return (
    <AdminLayout title={t('adminShell.jobs')}>
      <JobsTable />
    </AdminLayout>
  )
}
