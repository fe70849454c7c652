import { useTranslation } from '../../shared/i18n/translation'
import { SealingPanel } from '../../features/admin/sealing/sealing-panel'
import { AdminLayout } from './admin-layout'

/** /admin/sealing (super admins): the document seal's certificate and chain, its timestamp authorities, and the packets per PAdES level (issue #32). */
export default function AdminSealingPage() {
  const { t } = useTranslation()
  return (
    <AdminLayout title={t('adminShell.sealing')}>
      <SealingPanel />
    </AdminLayout>
  )
}
