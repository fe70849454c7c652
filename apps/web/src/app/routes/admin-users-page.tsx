import { useTranslation } from '../../shared/i18n/translation'
import { useSearchParams } from '../../shared/navigation'
import { AdminUsersTable } from '../../features/admin/users/users-table'
import { UserDetailDrawer } from '../../features/admin/users/user-detail'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { AdminLayout } from './admin-layout'

/** /admin/users: the list, and the user in ?user=<id> open beside it so the detail can be linked. */
export default function AdminUsersPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const me = useCurrentUser().data
  const userId = params.get('user')

  const open = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (id) next.set('user', id)
        else next.delete('user')
        return next
      },
      { replace: id === null },
    )

  return (
    <AdminLayout title={t('adminShell.users')}>
      <AdminUsersTable onOpen={open} />
      <UserDetailDrawer userId={userId} actor={{ uid: me?.uid ?? '', roles: me?.roles ?? [] }} onClose={() => open(null)} />
    </AdminLayout>
  )
}
