import { useTranslation } from '../../shared/i18n/translation'
import { PrivateAddressesPanel } from '../../features/admin/webhooks/private-addresses-form'
import { AdminLayout } from './admin-layout'

/** /admin/webhooks (super admins): whether webhooks may go to private addresses (issue #37, decision 082). */
export default function AdminWebhooksPage() {
  const { t } = useTranslation()
  return (
    <AdminLayout title={t('adminShell.webhooks')}>
      <PrivateAddressesPanel />
    </AdminLayout>
  )
}
